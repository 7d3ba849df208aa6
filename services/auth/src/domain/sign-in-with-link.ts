import { HttpError } from "@tubedigest/http/http-error";
import { SignInFailureRepository } from "../store/sign-in-failure-repository.ts";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";
import { secureAccount } from "./secure-account.ts";

/**
 * Signs in whoever followed a sign-in link, using the link up. The first link followed proves the
 * address: from then on the account is its owner's, so whatever the unproven past left (a password,
 * claims, a waiting move to another address, a feed, sessions — `proved` tells the caller to end those)
 * stops working. Any link followed clears the address's failed password sign-ins, and is remembered: a
 * password-less account moves to another address only soon after one.
 */
export async function signInWithLink(
  context: AuthContext,
  input: { token: string; correlationId: string },
): Promise<{ user: User; proved: boolean }> {
  return context.db.transaction().execute(async (trx) => {
    const now = context.now();
    const userId = await new SignInLinkRepository(trx, "sign-in").consume(input.token, now);
    if (!userId) throw new HttpError(401, messages.signInLinkInvalid);
    const users = new UserRepository(trx);
    const proven = await users.markProven(userId, now);
    if (proven) {
      await secureAccount(context, trx, {
        userId,
        how: "address-proven",
        correlationId: input.correlationId,
      });
    }
    const user = await users.recordLinkSignIn(userId, now);
    if (!user) throw new HttpError(401, messages.signInLinkInvalid);
    await new SignInFailureRepository(trx).clear(user.email);
    return { user, proved: proven !== undefined };
  });
}
