import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { SignInFailureRepository } from "../store/sign-in-failure-repository.ts";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";
import { secureAccount } from "./secure-account.ts";

/**
 * "Forgot password?": whoever followed the reset link mailed to the address chooses the account's new
 * password, using the link up. Following it proves the address as a sign-in link does; the account is
 * secured (claims, waiting moves, feed and unsubscribe links turned over), the address is told
 * (`password.changed`), and the caller signs this browser in and ends every other session. The old
 * password is not asked: the mailbox is the proof.
 */
export async function resetPassword(
  context: AuthContext,
  input: { token: string; newPassword: string; correlationId: string },
): Promise<User> {
  const passwordHash = await context.hasher.hash(input.newPassword);
  return context.db.transaction().execute(async (trx) => {
    const now = context.now();
    const userId = await new SignInLinkRepository(trx, "password-reset").consume(input.token, now);
    if (!userId) throw new HttpError(401, messages.passwordResetInvalid);
    const users = new UserRepository(trx);
    const before = await users.findByIdForUpdate(userId);
    if (!before) throw new HttpError(401, messages.passwordResetInvalid);
    await users.markProven(userId, now);
    await users.changePassword(userId, passwordHash);
    const user = await users.recordLinkSignIn(userId, now);
    if (!user) throw new HttpError(401, messages.passwordResetInvalid);
    await new SignInFailureRepository(trx).clear(user.email);
    const firstPassword = before.password_hash === null;
    await secureAccount(context, trx, {
      userId,
      how: firstPassword ? "password-set" : "password-changed",
      correlationId: input.correlationId,
    });
    await context.recordEvent(
      trx,
      createEvent(
        "password.changed",
        { userId, email: user.email, firstPassword },
        { correlationId: input.correlationId },
      ),
    );
    return user;
  });
}
