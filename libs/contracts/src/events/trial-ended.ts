import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, planAccessExample } from "./plan-access.ts";

export const TrialEndedData = Type.Object({
  ...PlanAccess.properties,
  endedAt: Type.String({ format: "date-time" }),
});
export type TrialEndedData = Static<typeof TrialEndedData>;

/** Emitted by billing when a 7-day trial ends without a paid plan: digests stop until the user pays. */
export const trialEnded = defineEvent({
  name: "trial.ended",
  version: 1,
  schema: TrialEndedData,
  example: { ...planAccessExample, plan: null, dailyDigest: false, endedAt: "2026-11-29T09:00:00.000Z" },
});
