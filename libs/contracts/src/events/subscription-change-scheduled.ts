import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, PlanName, planAccessExample } from "./plan-access.ts";

export const SubscriptionChangeScheduledData = Type.Object({
  ...PlanAccess.properties,
  /** The lower plan the subscription moves to at `effectiveAt`; null: a move scheduled earlier was undone. */
  nextPlan: Type.Union([PlanName, Type.Null()]),
  nextPlanName: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  /** The lower plan's monthly price, charged from `effectiveAt`; null with no move. */
  nextPriceCents: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** The end of the period paid at the current plan's price. */
  effectiveAt: Type.String({ format: "date-time" }),
});
export type SubscriptionChangeScheduledData = Static<typeof SubscriptionChangeScheduledData>;

/**
 * Emitted by billing when a subscriber moves down (or undoes the move): the plan in force (`plan`,
 * `channelAllowance`) stays until the period's end; `subscription.changed` follows then.
 */
export const subscriptionChangeScheduled = defineEvent({
  name: "subscription.change-scheduled",
  version: 1,
  schema: SubscriptionChangeScheduledData,
  example: {
    ...planAccessExample,
    plan: "pro",
    channelAllowance: 25,
    nextPlan: "premium",
    nextPlanName: "Premium",
    nextPriceCents: 999,
    effectiveAt: "2026-12-22T09:00:00.000Z",
  },
});
