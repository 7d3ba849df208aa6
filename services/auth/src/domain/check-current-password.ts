import { HttpError } from "@tubedigest/http/http-error";
import type { User } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * A change that would let whoever holds the session keep the account (a new password, a new address)
 * needs its current password too, when it has one: a browser left signed in is not the account. An
 * account without a password (made on the landing page) has nothing to ask for.
 */
export async function checkCurrentPassword(
  context: AuthContext,
  user: User,
  currentPassword: string | undefined,
): Promise<void> {
  if (user.password_hash === null) return;
  if (!currentPassword) throw new HttpError(400, messages.currentPasswordRequired);
  if (!(await context.hasher.verify(user.password_hash, currentPassword))) {
    throw new HttpError(400, messages.currentPasswordWrong);
  }
}
