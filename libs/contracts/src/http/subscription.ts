/**
 * A user's subscription as billing answers it (`GET /api/subscription`, and after a change
 * `POST /api/subscribe`, `/api/subscribe-with-coupon`, `/api/subscription/cancel`, `…/resume`, `…/plan`),
 * and a plan change's quote (`GET /api/subscription/plan-quote`): billing's reply schemas and the web app's
 * types, declared once. Pure: TypeBox alone; the web app imports its types only.
 */
import Type, { type Static } from "typebox";

/**
 * `trial`: the account's free days run, with a plan chosen (`plan`, charged first at `trialEndsAt`) or
 * none; `active`: a plan is paid for; `expired`: neither.
 */
export const SubscriptionStatusName = Type.Union([
  Type.Literal("active"),
  Type.Literal("trial"),
  Type.Literal("expired"),
]);
export type SubscriptionStatusName = Static<typeof SubscriptionStatusName>;

/** The user's plan as the dashboard and settings show it; current-user takes status and plan from it. */
export const SubscriptionReply = Type.Object({
  status: SubscriptionStatusName,
  /** The plan in force, or chosen during the trial; null with none. */
  plan: Type.Union([Type.String(), Type.Null()]),
  planName: Type.Union([Type.String(), Type.Null()]),
  priceCents: Type.Union([Type.Integer(), Type.Null()]),
  channelAllowance: Type.Union([Type.Integer(), Type.Null()]),
  /** When the paid period (or, on a trial with a plan, the trial) ends: the next charge, or the end of access. */
  currentPeriodEnd: Type.Union([Type.String(), Type.Null()]),
  /** Cancelled: access ends at `currentPeriodEnd`, unless resumed before. */
  cancelAtPeriodEnd: Type.Boolean(),
  /** A move to a lower plan, taking effect at `currentPeriodEnd`; null with none. */
  scheduledPlan: Type.Union([Type.String(), Type.Null()]),
  /** Renewal failed and Stripe is retrying: access goes on meanwhile. */
  paymentPastDue: Type.Boolean(),
  testMode: Type.Boolean(),
  /** While the free days run, when they end. */
  trialEndsAt: Type.Union([Type.String(), Type.Null()]),
  /** A plan chosen now starts with the free days left: nothing is charged until `trialEndsAt`. */
  trialAvailable: Type.Boolean(),
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

/**
 * What moving to `plan` would do, before the reader confirms it: a higher plan at once, its prorated
 * difference charged now; a lower one at the period's end; during the trial at once, nothing charged.
 */
export const PlanChangeQuote = Type.Object({
  plan: Type.String(),
  planName: Type.String(),
  /** The new plan's monthly price. */
  priceCents: Type.Integer(),
  takesEffect: Type.Union([Type.Literal("now"), Type.Literal("period-end")]),
  /** When the new plan applies. */
  effectiveAt: Type.String(),
  /** Charged today (Stripe's prorated amount for a move up; 0 otherwise). */
  amountDueCents: Type.Integer(),
  /** When the new plan's price is first charged in full. */
  nextChargeAt: Type.String(),
  /** When this quote was made; the confirm sends it back, and is charged as of that moment. */
  quotedAt: Type.String(),
});
export type PlanChangeQuote = Static<typeof PlanChangeQuote>;
