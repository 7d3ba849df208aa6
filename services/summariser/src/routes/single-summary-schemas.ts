import Type from "typebox";
import { messages } from "../domain/messages.ts";
import { videoUrl } from "./schemas.ts";

export const QuoteBody = Type.Object(
  { videoUrl: videoUrl("videoUrl", messages.missing) },
  { additionalProperties: false, errorMessage: { required: { videoUrl: messages.missing } } },
);

const Payment = Type.Union([Type.Literal("card"), Type.Literal("test"), Type.Literal("none")], {
  description:
    "How it would be paid: the subscription's saved card, a test charge that takes no money (test mode), or not yet (no card).",
});

export const QuoteReply = Type.Object({
  quoteId: Type.String({ format: "uuid", description: "Confirm with it to buy at this price." }),
  videoId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  durationSeconds: Type.Integer({ minimum: 0 }),
  amountCents: Type.Integer({ minimum: 0 }),
  payment: Payment,
  expiresAt: Type.String({ description: "Until when the price may be confirmed." }),
});

export const ConfirmBody = Type.Object(
  { quoteId: Type.String({ format: "uuid", errorMessage: messages.quoteNotFound }) },
  { additionalProperties: false, errorMessage: { required: { quoteId: messages.confirmPriceFirst } } },
);

export const ConfirmReply = Type.Object({
  message: Type.String(),
  id: Type.String({ description: "The purchase, as the list of single summaries names it." }),
});

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SingleSummaryItem = Type.Object({
  id: Type.String(),
  videoId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  durationSeconds: Nullable(Type.Integer({ minimum: 0 })),
  amountCents: Nullable(Type.Integer({ minimum: 0 })),
  testMode: Type.Boolean(),
  status: Type.Union([
    Type.Literal("queued"),
    Type.Literal("summarising"),
    Type.Literal("ready"),
    Type.Literal("failed"),
  ]),
  charge: Type.Union([Type.Literal("held"), Type.Literal("charged"), Type.Literal("not-charged")], {
    description: "Held on the card until ready; charged once ready; not charged (released) when it failed.",
  }),
  orderedAt: Type.String(),
  completedAt: Nullable(Type.String()),
  summary: Nullable(Type.String({ description: "The summary as markdown, once ready." })),
});
