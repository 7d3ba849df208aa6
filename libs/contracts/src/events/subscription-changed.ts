import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, PlanName, planAccessExample } from "./plan-access.ts";

export const SubscriptionChangedData = Type.Object({
  ...PlanAccess.properties,
  /** The plan's name and monthly price as billing sells it now, for receipts (added in version 1). */
  planName: Type.Optional(Type.String({ maxLength: 100 })),
  priceCents: Type.Optional(Type.Integer({ minimum: 0 })),
  previousPlan: PlanName,
  /** When the new plan took effect: now for a move up, the period's end for a move down (added in version 1). */
  effectiveAt: Type.Optional(Type.String({ format: "date-time" })),
  /** Charged for the move itself: a move up's prorated difference; 0 when nothing was (added in version 1). */
  amountCents: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SubscriptionChangedData = Static<typeof SubscriptionChangedData>;

/** Emitted by billing when a subscriber's plan changes; the same subscription goes on. */
export const subscriptionChanged = defineEvent({
  name: "subscription.changed",
  version: 1,
  schema: SubscriptionChangedData,
  example: {
    ...planAccessExample,
    plan: "pro",
    channelAllowance: 25,
    previousPlan: "creator",
    effectiveAt: "2026-12-02T10:15:00.000Z",
    amountCents: 1333,
  },
});
