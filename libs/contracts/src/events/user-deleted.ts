import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";

export const UserDeletedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /**
   * The account's address when it was deleted: the mailer sends its one confirmation there and then
   * suppresses it (keeping only a hash), even if it never heard of the account.
   */
  email: EmailAddress,
});
export type UserDeletedData = Static<typeof UserDeletedData>;

/**
 * Emitted by auth when a person deletes their account (the account row is gone in the same transaction).
 * Every service erases what it keeps about the user and ignores later events about them; none of it
 * can be undone. Auth's outbox forgets the row as soon as the broker has it, so the address is not kept
 * there either.
 */
export const userDeleted = defineEvent({
  name: "user.deleted",
  version: 1,
  schema: UserDeletedData,
  forgetOnceSent: true,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    email: "ada@example.com",
  },
});
