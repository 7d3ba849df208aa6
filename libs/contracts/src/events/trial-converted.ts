import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanAccess, planAccessExample } from "./plan-access.ts";

export const TrialConvertedData = Type.Object({
  ...PlanAccess.properties,
  planName: Type.String({ maxLength: 100 }),
  /** What the first charge took (the plan's monthly price); in test mode nothing was taken. */
  amountCents: Type.Integer({ minimum: 0 }),
  /** When the month just paid for ends and the plan renews. */
  currentPeriodEnd: Type.String({ format: "date-time" }),
  testMode: Type.Boolean(),
});
export type TrialConvertedData = Static<typeof TrialConvertedData>;

/**
 * Emitted by billing when a plan chosen during the free days takes its first payment as they end (the
 * subscription goes from trialing to active): the mailer's receipt for the money taken.
 */
export const trialConverted = defineEvent({
  name: "trial.converted",
  version: 1,
  schema: TrialConvertedData,
  example: {
    ...planAccessExample,
    planName: "Premium",
    amountCents: 999,
    currentPeriodEnd: "2027-01-11T09:00:00.000Z",
    testMode: false,
  },
});
