import { forgetAccount } from "@tubedigest/bus";
import { canonicalEmail, createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { checkCurrentPassword } from "./check-current-password.ts";
import { lockAccount } from "./lock-account.ts";
import { messages } from "./messages.ts";

/**
 * The signed-in owner deletes the account, having typed its address to confirm and, when it has one, its
 * current password (a browser left signed in is not the account). In one transaction the
 * account goes (its claims, sign-in links and waiting address moves with it), so do the outbox rows about
 * it, and `user.deleted` is written for every other service to erase what it keeps; the caller ends
 * every session of the account. A second request finds no account.
 */
export async function deleteAccount(
  context: AuthContext,
  input: { userId: string; confirmEmail: string; currentPassword: string | undefined; correlationId: string },
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const users = new UserRepository(trx);
    const user = await lockAccount(trx, input.userId);
    if (user.email_canonical !== canonicalEmail(input.confirmEmail)) {
      throw new HttpError(400, messages.deletionNotConfirmed);
    }
    await checkCurrentPassword(context, user, input.currentPassword);
    await users.delete(user.id);
    // Before the erasure's own event is written, which must still go out.
    await forgetAccount(trx, user.id);
    await context.recordEvent(
      trx,
      createEvent(
        "user.deleted",
        { userId: user.id, email: user.email },
        { correlationId: input.correlationId },
      ),
    );
  });
}
