import { randomUUID } from "node:crypto";

import { createEvent, type UserRegisteredData } from "@tubedigest/contracts";
import { isUniqueViolation } from "@tubedigest/db";
import { ClaimRepository } from "../store/claim-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext, Visitor } from "./auth-context.ts";
import { isAccountHolder } from "./is-account-holder.ts";

/**
 * `signed-up` is answered as a new account with a claim on it, whether one was made or not;
 * `repeated` goes only to the account's own holder.
 */
export type RegisterWithEmailOutcome =
  | { kind: "signed-up"; claimId: string }
  | { kind: "repeated"; user: User };

/**
 * The landing page's flow: an account with an e-mail and no password, and a claim that lets this
 * browser sign in to it once. Repeating it from the account's holder changes nothing. For an address
 * that has an account, anyone else gets the answer a new account gets, with a claim id that names
 * nothing: the answer must not tell whether the address is registered, and must not let anyone in.
 */
export async function registerWithEmail(
  context: AuthContext,
  input: {
    email: string;
    visitor: Visitor;
    /** The channels picked on the landing page; catalog follows them for the new account. */
    selectedChannels: UserRegisteredData["selectedChannels"];
    /** Stored on a new account only; an existing account keeps its own. */
    timeZone: string;
    correlationId: string;
  },
): Promise<RegisterWithEmailOutcome> {
  const decoy = { kind: "signed-up", claimId: randomUUID() } as const;
  const existing = await new UserRepository(context.db).findByEmail(input.email);
  if (existing) {
    return (await isAccountHolder(context, existing, input.visitor))
      ? { kind: "repeated", user: existing }
      : decoy;
  }
  try {
    const claimId = await context.db.transaction().execute(async (trx) => {
      const inserted = await new UserRepository(trx).insert({
        email: input.email,
        passwordHash: null,
        timeZone: input.timeZone,
      });
      const data = {
        userId: inserted.id,
        email: inserted.email,
        fullName: null,
        passwordless: true,
        selectedChannels: input.selectedChannels,
        timeZone: inserted.time_zone,
      };
      await context.recordEvent(
        trx,
        createEvent("user.registered", data, { correlationId: input.correlationId }),
      );
      return new ClaimRepository(trx).create(inserted.id, context.now());
    });
    return { kind: "signed-up", claimId };
  } catch (error) {
    // Someone else made the account a moment ago: to this visitor, it is an address that has one.
    if (isUniqueViolation(error)) return decoy;
    throw error;
  }
}
