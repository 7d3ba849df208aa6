import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, planAccessExample } from "./plan-access.ts";

export const SubscriptionCancelledData = Type.Object({
  ...PlanAccess.properties,
  /** Access and digests go on until then. */
  endsAt: Type.String({ format: "date-time" }),
});
export type SubscriptionCancelledData = Static<typeof SubscriptionCancelledData>;

/** Emitted by billing when a subscriber cancels: nothing changes until the paid period ends. */
export const subscriptionCancelled = defineEvent({
  name: "subscription.cancelled",
  version: 1,
  schema: SubscriptionCancelledData,
  example: { ...planAccessExample, endsAt: "2026-12-22T09:00:00.000Z" },
});
