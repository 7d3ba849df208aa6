import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";
import { LinkToken } from "./link-token.ts";

export const PasswordResetRequestedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /** Where to send the link: the account's address as its owner typed it. */
  email: EmailAddress,
  /**
   * The secret the link carries, as `/reset-password?token=<token>`. Auth keeps only its SHA-256, so this
   * event is the one place it can be read from: it sets a new password once, until `expiresAt`.
   */
  token: LinkToken,
  expiresAt: Type.String({ format: "date-time" }),
});
export type PasswordResetRequestedData = Static<typeof PasswordResetRequestedData>;

/**
 * Emitted by auth when someone asks, from the sign-in page's "Forgot password?", for a link to set a new
 * password for an address that has an account; the mailer sends the link.
 */
export const passwordResetRequested = defineEvent({
  name: "password-reset.requested",
  version: 1,
  schema: PasswordResetRequestedData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    email: "ada@example.com",
    token: "q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe",
    expiresAt: "2026-01-05T10:00:00.000Z",
  },
});
