import { createEvent } from "@tubedigest/contracts";
import { isUniqueViolation } from "@tubedigest/db";
import { HttpError } from "@tubedigest/http/http-error";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext, Visitor } from "./auth-context.ts";
import { isAccountHolder } from "./is-account-holder.ts";
import { messages } from "./messages.ts";
import { requestMailedLink } from "./request-mailed-link.ts";
import { secureAccount } from "./secure-account.ts";

export type RegisterOutcome =
  | { kind: "created"; user: User }
  /** A password-less account got its password from its holder; its other sessions must end. */
  | { kind: "first-password"; user: User }
  /** The address has an account this visitor does not hold; its owner was sent a sign-in link. */
  | { kind: "sign-in-link-sent" };

/**
 * Signup. A new e-mail gets an account. A password-less account gets its first password from its
 * holder only. An account nobody has proven the address of cannot block the address's owner: anyone
 * else signing up with it has a sign-in link sent to the address, which only the owner can follow.
 * Only a proven account with a password, or the holder's own account with one, is a 409.
 */
export async function registerWithPassword(
  context: AuthContext,
  input: {
    email: string;
    password: string;
    /** Stored on a new account only; an existing account keeps its own. */
    timeZone: string;
    visitor: Visitor;
    correlationId: string;
  },
): Promise<RegisterOutcome> {
  const passwordHash = await context.hasher.hash(input.password);
  const existing = await new UserRepository(context.db).findByEmail(input.email);
  if (existing) {
    const holder = await isAccountHolder(context, existing, input.visitor);
    if (holder && existing.password_hash === null) {
      const user = await setFirstPassword(context, existing, passwordHash, input.correlationId);
      return { kind: "first-password", user };
    }
    if (existing.password_hash !== null && (holder || existing.email_proven_at !== null)) {
      throw new HttpError(409, messages.emailTaken);
    }
    await requestMailedLink(context, {
      email: existing.email,
      purpose: "sign-in",
      correlationId: input.correlationId,
    });
    return { kind: "sign-in-link-sent" };
  }
  try {
    return await context.db.transaction().execute(async (trx) => {
      const user = await new UserRepository(trx).insert({
        email: input.email,
        passwordHash,
        timeZone: input.timeZone,
      });
      const data = {
        userId: user.id,
        email: user.email,
        fullName: null,
        passwordless: false,
        selectedChannels: [],
        timeZone: user.time_zone,
      };
      await context.recordEvent(
        trx,
        createEvent("user.registered", data, { correlationId: input.correlationId }),
      );
      return { kind: "created", user } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.emailTaken);
    throw error;
  }
}

/** The holder secures the account with it: from now on the password is the way in. */
async function setFirstPassword(
  context: AuthContext,
  user: User,
  passwordHash: string,
  correlationId: string,
): Promise<User> {
  const updated = await context.db.transaction().execute(async (trx) => {
    const withPassword = await new UserRepository(trx).setFirstPassword(user.id, passwordHash);
    if (withPassword)
      await secureAccount(context, trx, { userId: user.id, how: "password-set", correlationId });
    return withPassword;
  });
  // Another request set a password first.
  if (!updated) throw new HttpError(409, messages.emailTaken);
  return updated;
}
