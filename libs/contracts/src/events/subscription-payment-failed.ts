import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, planAccessExample } from "./plan-access.ts";

export const SubscriptionPaymentFailedData = Type.Object({
  ...PlanAccess.properties,
  planName: Type.String({ maxLength: 100 }),
  /** What Stripe could not take. */
  amountCents: Type.Integer({ minimum: 0 }),
  failedAt: Type.String({ format: "date-time" }),
  /** When Stripe tries the card again; null when it will not (access then ends with `subscription.expired`). */
  nextAttemptAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
export type SubscriptionPaymentFailedData = Static<typeof SubscriptionPaymentFailedData>;

/**
 * Emitted by billing when Stripe could not charge a subscriber's saved card (a renewal, or the first
 * charge after the trial): the account is past due, digests go on while Stripe retries, and the card can
 * be changed in Stripe's customer portal (Settings › Subscription › Manage Billing).
 */
export const subscriptionPaymentFailed = defineEvent({
  name: "subscription.payment-failed",
  version: 1,
  schema: SubscriptionPaymentFailedData,
  example: {
    ...planAccessExample,
    planName: "Premium",
    amountCents: 999,
    failedAt: "2026-12-22T09:00:00.000Z",
    nextAttemptAt: "2026-12-25T09:00:00.000Z",
  },
});
