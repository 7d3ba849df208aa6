import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PlanName } from "./plan-access.ts";

export const TrialEndingData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  trialEndsAt: Type.String({ format: "date-time" }),
  // What happens at the end (added in version 1): a plan chosen during the trial is charged then.
  /** The plan that starts when the trial ends; null when none was chosen (digests stop then). */
  plan: Type.Optional(Type.Union([PlanName, Type.Null()])),
  planName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  /** What the first charge takes, at `trialEndsAt`; null without a plan. */
  amountCents: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  /** A card is saved for that charge. */
  cardSaved: Type.Optional(Type.Boolean()),
  /** The plan was chosen in test mode: nothing will be charged. */
  testMode: Type.Optional(Type.Boolean()),
});
export type TrialEndingData = Static<typeof TrialEndingData>;

/**
 * Emitted by billing once per account, three days before its free days end: with the plan chosen and the
 * card saved for its first charge, or with none (then digests stop at the end); mailer reminds.
 */
export const trialEnding = defineEvent({
  name: "trial.ending",
  version: 1,
  schema: TrialEndingData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    trialEndsAt: "2026-11-29T09:00:00.000Z",
    plan: "premium",
    planName: "Premium",
    amountCents: 999,
    cardSaved: true,
    testMode: false,
  },
});
