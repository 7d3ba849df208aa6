import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, PlanName, planAccessExample } from "./plan-access.ts";

export const SubscriptionChangedData = Type.Object({
  ...PlanAccess.properties,
  previousPlan: PlanName,
});
export type SubscriptionChangedData = Static<typeof SubscriptionChangedData>;

/** Emitted by billing when a subscriber switches plan; the same subscription goes on. */
export const subscriptionChanged = defineEvent({
  name: "subscription.changed",
  version: 1,
  schema: SubscriptionChangedData,
  example: { ...planAccessExample, plan: "pro", channelAllowance: 25, previousPlan: "creator" },
});
