import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const DigestResumedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
});
export type DigestResumedData = Static<typeof DigestResumedData>;

/**
 * Emitted by auth when a reader resumes a paused digest. The next Monday's digest is theirs; one whose
 * Monday passed while they were paused is not sent late. The event's `occurredAt` is when they resumed.
 */
export const digestResumed = defineEvent({
  name: "digest.resumed",
  version: 1,
  schema: DigestResumedData,
  example: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d" },
});
