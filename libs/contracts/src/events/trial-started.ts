import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const TrialStartedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  trialEndsAt: Type.String({ format: "date-time" }),
});
export type TrialStartedData = Static<typeof TrialStartedData>;

/** Emitted by billing when a new account's free trial starts (at sign-up); mailer sends the welcome. */
export const trialStarted = defineEvent({
  name: "trial.started",
  version: 1,
  schema: TrialStartedData,
  example: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", trialEndsAt: "2026-11-29T09:00:00.000Z" },
});
