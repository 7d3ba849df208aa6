import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";
import { LinkToken } from "./link-token.ts";

export const SignInLinkRequestedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /** Where to send the link: the account's address as its owner typed it. */
  email: EmailAddress,
  /**
   * The secret the link carries, as `/sign-in/link?token=<token>`. Auth keeps only its SHA-256, so this
   * event is the one place it can be read from: it signs its holder in until `expiresAt` or first use.
   */
  token: LinkToken,
  expiresAt: Type.String({ format: "date-time" }),
});
export type SignInLinkRequestedData = Static<typeof SignInLinkRequestedData>;

/**
 * Emitted by auth when someone asks for a sign-in link to an address that has an account (the
 * sign-in-link form, or a sign-up for an address nobody has proven yet); mailer sends the link.
 */
export const signInLinkRequested = defineEvent({
  name: "sign-in-link.requested",
  version: 1,
  schema: SignInLinkRequestedData,
  example: {
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    email: "ada@example.com",
    token: "q3Jx0cP9mC1vYkS2bT8wZ4nR6uE5fG7hL0aD3iK9oQe",
    expiresAt: "2026-01-05T09:30:00.000Z",
  },
});
