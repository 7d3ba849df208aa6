import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { EmailAddress } from "../email-address.ts";

export const PasswordChangedData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /** The account's address, which the notice goes to. */
  email: EmailAddress,
  /** True when the account had no password before (one made on the landing page with an e-mail only). */
  firstPassword: Type.Boolean(),
});
export type PasswordChangedData = Static<typeof PasswordChangedData>;

/**
 * Emitted by auth when a signed-in person sets or changes their account's password in settings; the
 * mailer tells the address, so an owner whose session someone else used finds out.
 */
export const passwordChanged = defineEvent({
  name: "password.changed",
  version: 1,
  schema: PasswordChangedData,
  example: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", email: "ada@example.com", firstPassword: false },
});
