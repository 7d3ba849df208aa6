import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";

export const EmailChangeAddressTakenData = Type.Object({
  /** The account whose owner asked for the move. */
  userId: Type.String({ format: "uuid" }),
  /** The address the account has now: told of the request, exactly as for a free address. */
  currentEmail: EmailAddress,
  /** The address asked for, which another account has: its owner is told, and nothing changes. */
  newEmail: EmailAddress,
});
export type EmailChangeAddressTakenData = Static<typeof EmailChangeAddressTakenData>;

/**
 * Emitted by auth instead of `email-change.requested` when the address asked for belongs to another
 * account. The person asking gets the answer a free address gets (so the answer tells nobody which
 * addresses have accounts); the mail to the taken address says so to its owner, with no link.
 */
export const emailChangeAddressTaken = defineEvent({
  name: "email-change.address-taken",
  version: 1,
  schema: EmailChangeAddressTakenData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    currentEmail: "ada@example.com",
    newEmail: "charles@example.org",
  },
});
