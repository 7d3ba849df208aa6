/**
 * A user's subscription as billing answers it (`GET /api/subscription`, and after a change
 * `POST /api/subscribe`, `/api/subscribe-with-coupon`, `/api/subscription/cancel`): billing's reply schema
 * and the web app's type, declared once. Pure: TypeBox alone; the web app imports its types only.
 */
import Type, { type Static } from "typebox";

/** 'active' is the one value the web app acts on; trial and expired are the others. */
export const SubscriptionStatusName = Type.Union([
  Type.Literal("active"),
  Type.Literal("trial"),
  Type.Literal("expired"),
]);
export type SubscriptionStatusName = Static<typeof SubscriptionStatusName>;

/** The user's plan as the dashboard and settings show it; current-user takes status and plan from it. */
export const SubscriptionReply = Type.Object({
  status: SubscriptionStatusName,
  plan: Type.Union([Type.String(), Type.Null()]),
  planName: Type.Union([Type.String(), Type.Null()]),
  priceCents: Type.Union([Type.Integer(), Type.Null()]),
  channelAllowance: Type.Union([Type.Integer(), Type.Null()]),
  currentPeriodEnd: Type.Union([Type.String(), Type.Null()]),
  cancelAtPeriodEnd: Type.Boolean(),
  /** Renewal failed and Stripe is retrying: access goes on meanwhile. */
  paymentPastDue: Type.Boolean(),
  testMode: Type.Boolean(),
  trialEndsAt: Type.Union([Type.String(), Type.Null()]),
  /** Stripe's customer portal can be opened: card payment is set up and the user has paid by card. */
  canManageBilling: Type.Boolean(),
});
export type SubscriptionReply = Static<typeof SubscriptionReply>;

/** What a change of subscription answers: what happened, in words, and the subscription now. */
export const SubscriptionChangeReply = Type.Object({
  message: Type.String(),
  subscription: SubscriptionReply,
});
export type SubscriptionChangeReply = Static<typeof SubscriptionChangeReply>;
