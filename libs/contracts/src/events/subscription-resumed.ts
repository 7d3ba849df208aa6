import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, planAccessExample } from "./plan-access.ts";

export const SubscriptionResumedData = Type.Object({
  ...PlanAccess.properties,
  /** The next charge: the cancelled subscription renews there again. */
  renewsAt: Type.String({ format: "date-time" }),
});
export type SubscriptionResumedData = Static<typeof SubscriptionResumedData>;

/** Emitted by billing when a subscriber undoes a cancellation before the period ended: nothing ends. */
export const subscriptionResumed = defineEvent({
  name: "subscription.resumed",
  version: 1,
  schema: SubscriptionResumedData,
  example: { ...planAccessExample, renewsAt: "2026-12-22T09:00:00.000Z" },
});
