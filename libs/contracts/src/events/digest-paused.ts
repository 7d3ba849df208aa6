import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { PAUSE_DATE_PATTERN } from "../digest-pause.ts";

export const DigestPausedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /**
   * The first day, in the reader's own time zone, on which digests may come again (`2026-12-21`): the
   * first Monday on or after it brings the next one. Null: paused until the reader resumes.
   */
  until: Type.Union([Type.String({ pattern: PAUSE_DATE_PATTERN }), Type.Null()]),
});
export type DigestPausedData = Static<typeof DigestPausedData>;

/** Emitted by auth when a reader pauses their weekly digest in settings (or changes the pause's end). */
export const digestPaused = defineEvent({
  name: "digest.paused",
  version: 1,
  schema: DigestPausedData,
  example: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", until: "2026-12-21" },
});
