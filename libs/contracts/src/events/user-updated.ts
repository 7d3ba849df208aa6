import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";

export const UserUpdatedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  email: EmailAddress,
  fullName: Type.Union([Type.String(), Type.Null()]),
  /** The IANA zone the user's Monday 09:00 is in (added in version 1; absent means UTC). */
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
  /**
   * The language the user wants summaries in (a BCP 47 code from SUMMARY_LANGUAGES), null for each video's
   * own (added in version 1; absent means unchanged by this event's sender, read as each video's own).
   */
  summaryLanguage: Type.Optional(Type.Union([Type.String({ maxLength: 35 }), Type.Null()])),
});
export type UserUpdatedData = Static<typeof UserUpdatedData>;

/** Emitted by auth when a profile changes; carries the whole profile so read models just overwrite. */
export const userUpdated = defineEvent({
  name: "user.updated",
  version: 1,
  schema: UserUpdatedData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    email: "ada@example.com",
    fullName: "Ada King",
  },
});
