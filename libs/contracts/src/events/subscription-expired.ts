import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, PlanName, planAccessExample } from "./plan-access.ts";

export const SubscriptionExpiredData = Type.Object({
  ...PlanAccess.properties,
  /** The plan that ended; `plan` is null from now on. */
  previousPlan: PlanName,
  /** A cancellation reaching its period's end, or a renewal Stripe could not collect. */
  reason: Type.Union([Type.Literal("cancelled"), Type.Literal("payment-failed")]),
});
export type SubscriptionExpiredData = Static<typeof SubscriptionExpiredData>;

/** Emitted by billing when a paid plan ends: digests stop, nothing is deleted. */
export const subscriptionExpired = defineEvent({
  name: "subscription.expired",
  version: 1,
  schema: SubscriptionExpiredData,
  example: {
    ...planAccessExample,
    plan: null,
    dailyDigest: false,
    previousPlan: "creator",
    reason: "cancelled",
  },
});
