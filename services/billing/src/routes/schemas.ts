import { EmailAddress, ErrorReply, singleLineText } from "@tubedigest/http";
import Type from "typebox";
import { messages } from "../domain/messages.ts";

export const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

const PlanField = singleLineText("plan", {
  minLength: 1,
  maxLength: 40,
  messages: { minLength: messages.unknownPlan, type: messages.unknownPlan },
});

const AMOUNT_MESSAGE = "amount must be the plan's price in cents: a whole number above zero.";
const AmountCents = Type.Integer({ minimum: 1, maximum: 1_000_000, errorMessage: AMOUNT_MESSAGE });

const PaymentIntentId = Type.String({
  pattern: "^pi_[A-Za-z0-9_]{1,250}$",
  errorMessage: messages.paymentNotForAccount,
});

const SetupIntentId = Type.String({
  pattern: "^seti_[A-Za-z0-9_]{1,250}$",
  errorMessage: messages.paymentNotForAccount,
});

export const CreatePaymentIntentBody = Type.Object(
  {
    amount: AmountCents,
    plan: PlanField,
    /** A visitor's checkout names the account the landing page made; a signed-in user's needs none. */
    email: Type.Optional(EmailAddress),
  },
  { additionalProperties: false, errorMessage: { required: { amount: AMOUNT_MESSAGE } } },
);

/** What the browser confirms with Stripe's form: a payment, or (during the free days) a setup intent. */
export const CreatePaymentIntentReply = Type.Object({
  clientSecret: Type.String(),
  confirm: Type.Union([Type.Literal("payment"), Type.Literal("setup")]),
  /** Charged today: 0 for a setup intent. */
  amountCents: Type.Integer(),
  /** With a setup intent, when the free days end and the plan is first charged. */
  trialEndsAt: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The subscription payloads (docs/product.md#data-shapes): the funnel's (plan, channelIds) and the
 * checkout's.
 */
export const SubscribeBody = Type.Object(
  {
    plan: Type.Optional(PlanField),
    channelIds: Type.Optional(
      Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()]), { maxItems: 100 }),
    ),
    email: Type.Optional(EmailAddress),
    channelCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    paymentIntentId: Type.Optional(PaymentIntentId),
    /** A plan chosen during the free days: the setup intent that saved its card. */
    setupIntentId: Type.Optional(SetupIntentId),
  },
  { additionalProperties: false },
);

export const SubscribeWithCouponBody = Type.Object(
  {
    plan: PlanField,
    email: Type.Optional(EmailAddress),
    channelCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    testMode: Type.Literal(true, { errorMessage: "testMode must be true." }),
  },
  { additionalProperties: false },
);

export const PortalReply = Type.Object({ url: Type.String() });

export const PlanQuoteQuery = Type.Object({ plan: PlanField }, { additionalProperties: false });

const QUOTE_MESSAGE = "quotedAt must be the moment of the quote shown. Please look at the change again.";

export const ChangePlanBody = Type.Object(
  {
    plan: PlanField,
    /** The quote's moment (`GET /api/subscription/plan-quote`): a move up is charged as of it. */
    quotedAt: Type.String({ format: "date-time", maxLength: 40, errorMessage: QUOTE_MESSAGE }),
  },
  { additionalProperties: false, errorMessage: { required: { quotedAt: QUOTE_MESSAGE } } },
);

export const WebhookReply = Type.Object({ received: Type.Boolean(), outcome: Type.String() });

const DurationSeconds = Type.Integer({ minimum: 0, maximum: 10 * 24 * 60 * 60 });

export const HoldQuoteBody = Type.Object(
  { durationSeconds: DurationSeconds },
  { additionalProperties: false },
);

export const HoldBody = Type.Object(
  {
    /** The caller's key for this purchase: asking again with it places no second hold. */
    holdKey: singleLineText("holdKey", { minLength: 1, maxLength: 200 }),
    videoId: Type.String({ pattern: "^[A-Za-z0-9_-]{11}$" }),
    durationSeconds: DurationSeconds,
    /** The price the subscriber was shown and confirmed: the hold is placed only if it still holds. */
    amountCents: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
