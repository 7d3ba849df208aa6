import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const TrialEndingData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  trialEndsAt: Type.String({ format: "date-time" }),
});
export type TrialEndingData = Static<typeof TrialEndingData>;

/** Emitted by billing once per account, two days before a trial without a paid plan ends; mailer reminds. */
export const trialEnding = defineEvent({
  name: "trial.ending",
  version: 1,
  schema: TrialEndingData,
  example: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", trialEndsAt: "2026-11-29T09:00:00.000Z" },
});
