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
});
export type SubscriptionActivatedData = Static<typeof SubscriptionActivatedData>;

/** Emitted by billing when a user's paid plan starts (the trial ends with it). */
export const subscriptionActivated = defineEvent({
  name: "subscription.activated",
  version: 1,
  schema: SubscriptionActivatedData,
  example: { ...planAccessExample, currentPeriodEnd: "2026-12-22T09:00:00.000Z", testMode: false },
});
