/**
 * A single summary as the public API answers it: the price shown before buying, the purchase
 * confirmed, and a bought summary in the subscriber's list. The summariser answers by these schemas and the
 * web app shows their types. Pure: TypeBox alone; the web app imports its types only, so its bundle takes
 * nothing of this file.
 */
import Type, { type Static } from "typebox";
import { SingleSummaryPayment } from "./http/single-summary-holds.ts";

/** How a single summary would be paid: billing's answer (see single-summary-holds). */
export type { SingleSummaryPayment };

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The price of one video's summary (POST /api/process-individual-video/quote); nothing is held. */
export const SingleSummaryQuote = Type.Object({
  /** What the confirm names: the purchase, once confirmed. */
  quoteId: Type.String({ format: "uuid", description: "Confirm with it to buy at this price." }),
  videoId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  durationSeconds: Type.Integer({ minimum: 0 }),
  amountCents: Type.Integer({ minimum: 0 }),
  payment: Type.Union(SingleSummaryPayment.anyOf, {
    description:
      "How it would be paid: the subscription's saved card, a test charge that takes no money (test mode), or not yet (no card).",
  }),
  /** Until when the price may be confirmed (ISO 8601). */
  expiresAt: Type.String({ description: "Until when the price may be confirmed." }),
});
export type SingleSummaryQuote = Static<typeof SingleSummaryQuote>;

/** A confirmed purchase (POST /api/process-individual-video): the summary is on its way. */
export const SingleSummaryConfirmed = Type.Object({
  message: Type.String(),
  id: Type.String({ description: "The purchase, as the list of single summaries names it." }),
});
export type SingleSummaryConfirmed = Static<typeof SingleSummaryConfirmed>;

/** Where a bought summary stands. */
export const SingleSummaryStatus = Type.Union([
  Type.Literal("queued"),
  Type.Literal("summarising"),
  Type.Literal("ready"),
  Type.Literal("failed"),
]);
export type SingleSummaryStatus = Static<typeof SingleSummaryStatus>;

/**
 * What happened to its price: "held" on the card until the summary is ready; "charged" once it is;
 * "not-charged" when it could not be made and the hold was released.
 */
export const SingleSummaryCharge = Type.Union(
  [Type.Literal("held"), Type.Literal("charged"), Type.Literal("not-charged")],
  { description: "Held on the card until ready; charged once ready; not charged (released) when it failed." },
);
export type SingleSummaryCharge = Static<typeof SingleSummaryCharge>;

/** One bought summary in the subscriber's list (GET /api/single-summaries). */
export const SingleSummary = Type.Object({
  id: Type.String(),
  videoId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  durationSeconds: Nullable(Type.Integer({ minimum: 0 })),
  /** Null for a purchase made before prices were shown. */
  amountCents: Nullable(Type.Integer({ minimum: 0 })),
  /** A test charge: no money is taken. */
  testMode: Type.Boolean(),
  status: SingleSummaryStatus,
  charge: SingleSummaryCharge,
  orderedAt: Type.String(),
  completedAt: Nullable(Type.String()),
  /** The summary as mailed (markdown), once it is ready. */
  summary: Nullable(Type.String({ description: "The summary as markdown, once ready." })),
});
export type SingleSummary = Static<typeof SingleSummary>;
