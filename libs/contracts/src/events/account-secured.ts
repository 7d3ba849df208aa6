import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const AccountSecuredData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  /**
   * What the owner did: followed the first sign-in link sent to the address (`address-proven`), set the
   * account's first password (`password-set`) or changed it (`password-changed`).
   */
  how: Type.Union([
    Type.Literal("address-proven"),
    Type.Literal("password-set"),
    Type.Literal("password-changed"),
  ]),
});
export type AccountSecuredData = Static<typeof AccountSecuredData>;

/**
 * Emitted by auth when the owner takes the account in hand: from then on, whatever anyone who held the
 * account before made for it must stop working. Auth ends the account's claims, other sessions and
 * waiting address moves itself; the mailer gives the private feed a new address and the unsubscribe
 * links a new generation, so a feed or link someone else copied stops working.
 */
export const accountSecured = defineEvent({
  name: "account.secured",
  version: 1,
  schema: AccountSecuredData,
  example: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", how: "address-proven" },
});
