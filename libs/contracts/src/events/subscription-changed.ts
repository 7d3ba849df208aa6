import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, PlanName, planAccessExample } from "./plan-access.ts";

export const SubscriptionChangedData = Type.Object({
  ...PlanAccess.properties,
  /** The plan's name and monthly price as billing sells it now, for receipts (added in version 1). */
  planName: Type.Optional(Type.String({ maxLength: 100 })),
  priceCents: Type.Optional(Type.Integer({ minimum: 0 })),
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
