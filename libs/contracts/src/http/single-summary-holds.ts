/**
 * What billing answers the summariser about a single summary's price (`POST /internal/holds/quote`) and the
 * hold on the subscriber's card (`POST /internal/holds`): billing's reply schemas and the summariser's
 * types, declared once. Pure: TypeBox alone.
 */
import Type, { type Static } from "typebox";

/** How a single summary would be paid: the subscription's card, a test charge (test mode), or not yet. */
export const SingleSummaryPayment = Type.Union([
  Type.Literal("card"),
  Type.Literal("test"),
  Type.Literal("none"),
]);
export type SingleSummaryPayment = Static<typeof SingleSummaryPayment>;

/** The price of one video's summary by its length, and how it would be paid; nothing is held. */
export const HoldQuoteReply = Type.Object({
  amountCents: Type.Integer(),
  /** "card": the subscription's saved card; "test": a test charge (test mode); "none": no way to pay yet. */
  payment: SingleSummaryPayment,
});
export type HoldQuoteReply = Static<typeof HoldQuoteReply>;

/** A hold on the subscriber's card for one video's summary (a test charge in test mode). */
export const HoldReply = Type.Object({
  id: Type.String(),
  videoId: Type.String(),
  amountCents: Type.Integer(),
  status: Type.String(),
  testMode: Type.Boolean(),
});
export type HoldReply = Static<typeof HoldReply>;
