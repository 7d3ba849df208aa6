import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";
import { LinkToken } from "./link-token.ts";

export const EmailChangeRequestedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /** The address the account has now: told of the request, without the link. */
  currentEmail: EmailAddress,
  /** The address asked for: sent the link that makes the change. */
  newEmail: EmailAddress,
  /**
   * The secret the link carries, as `/confirm-email?token=<token>`. Auth keeps only its SHA-256,
   * so this event is the one place it can be read from; it works once, until `expiresAt`.
   */
  token: LinkToken,
  expiresAt: Type.String({ format: "date-time" }),
});
export type EmailChangeRequestedData = Static<typeof EmailChangeRequestedData>;

/**
 * Emitted by auth when a signed-in person asks to move their account to another address. Nothing
 * changes until the link mailed to the new address is followed; then `user.updated` carries it.
 */
export const emailChangeRequested = defineEvent({
  name: "email-change.requested",
  version: 1,
  schema: EmailChangeRequestedData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    currentEmail: "ada@example.com",
    newEmail: "ada.king@example.org",
    token: "q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe",
    expiresAt: "2026-01-05T09:30:00.000Z",
  },
});
