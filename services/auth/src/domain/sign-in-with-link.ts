import { HttpError } from "@tubedigest/http/http-error";
import { ClaimRepository } from "../store/claim-repository.ts";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * Signs in whoever followed a sign-in link, using the link up. The first link followed proves the
 * address: from then on the account is its owner's, so whatever the unproven past left (a password,
 * claims, sessions — `proved` tells the caller to end those) stops working.
 */
export async function signInWithLink(
  context: AuthContext,
  input: { token: string },
): Promise<{ user: User; proved: boolean }> {
  return context.db.transaction().execute(async (trx) => {
    const now = context.now();
    const userId = await new SignInLinkRepository(trx).consume(input.token, now);
    if (!userId) throw new HttpError(401, messages.signInLinkInvalid);
    const users = new UserRepository(trx);
    const proven = await users.markProven(userId, now);
    if (proven) {
      await new ClaimRepository(trx).consumeAllOf(userId, now);
      return { user: proven, proved: true };
    }
    const user = await users.findById(userId);
    if (!user) throw new HttpError(401, messages.signInLinkInvalid);
    return { user, proved: false };
  });
}
