import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, planAccessExample } from "./plan-access.ts";

export const SubscriptionActivatedData = Type.Object({
  ...PlanAccess.properties,
  /** The plan's name and monthly price as billing sells it now, for receipts (added in version 1). */
  planName: Type.Optional(Type.String({ maxLength: 100 })),
  priceCents: Type.Optional(Type.Integer({ minimum: 0 })),
  /** When the paid period ends unless it renews. */
  currentPeriodEnd: Type.String({ format: "date-time" }),
  /** Activated through test mode, with no payment. */
  testMode: Type.Boolean(),
  /**
   * Chosen during the free days: nothing is charged until then, when the first month is (`currentPeriodEnd`
   * is the same moment); absent or null when paid at once (added in version 1).
   */
  trialEndsAt: Type.Optional(Type.Union([Type.String({ format: "date-time" }), Type.Null()])),
});
export type SubscriptionActivatedData = Static<typeof SubscriptionActivatedData>;

/**
 * Emitted by billing when a user's plan starts: paid at once (the trial ends with it), or chosen during the
 * trial with a card saved (`trialEndsAt`: the first charge comes then).
 */
export const subscriptionActivated = defineEvent({
  name: "subscription.activated",
  version: 1,
  schema: SubscriptionActivatedData,
  example: { ...planAccessExample, currentPeriodEnd: "2026-12-22T09:00:00.000Z", testMode: false },
});
