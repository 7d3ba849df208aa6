import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { checkCurrentPassword } from "./check-current-password.ts";
import { lockAccount } from "./lock-account.ts";
import { messages } from "./messages.ts";
import { secureAccount } from "./secure-account.ts";

/**
 * The signed-in owner sets the account's first password (one made on the landing page has none) or
 * changes it, the current one checked. The account is secured with it (secureAccount: its claims, any
 * move to another address still waiting for its link, its feed), the mailer tells the address
 * (`password.changed`), and the caller asks the gateway to end every other session of the account.
 */
export async function changePassword(
  context: AuthContext,
  input: { userId: string; currentPassword: string | undefined; newPassword: string; correlationId: string },
): Promise<{ user: User; firstPassword: boolean }> {
  const user = await new UserRepository(context.db).findById(input.userId);
  if (!user) throw new HttpError(404, messages.accountGone);
  await checkCurrentPassword(context, user, input.currentPassword);
  const passwordHash = await context.hasher.hash(input.newPassword);
  return context.db.transaction().execute(async (trx) => {
    const users = new UserRepository(trx);
    const locked = await lockAccount(trx, user.id);
    // Checked against what the password was when it was verified: a change made meanwhile (another tab)
    // is not overwritten by a request that proved the password it replaced.
    if (locked.password_hash !== user.password_hash) throw new HttpError(400, messages.currentPasswordWrong);
    const changed = await users.changePassword(user.id, passwordHash);
    if (!changed) throw new HttpError(404, messages.accountGone);
    const firstPassword = user.password_hash === null;
    await secureAccount(context, trx, {
      userId: user.id,
      how: firstPassword ? "password-set" : "password-changed",
      correlationId: input.correlationId,
    });
    await context.recordEvent(
      trx,
      createEvent(
        "password.changed",
        { userId: changed.id, email: changed.email, firstPassword },
        { correlationId: input.correlationId },
      ),
    );
    return { user: changed, firstPassword };
  });
}
