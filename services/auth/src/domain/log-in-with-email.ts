import { HttpError } from "@tubedigest/http";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * The automatic login after the landing page's flow. Only the browser holding the account's claim gets
 * in, and only while the account has no password; anyone else gets a 401 and the account is untouched.
 */
export async function logInWithEmail(
  context: AuthContext,
  input: { email: string; claimedUserId: string | undefined },
): Promise<User> {
  const user = input.claimedUserId
    ? await new UserRepository(context.db).findByEmail(input.email)
    : undefined;
  if (!user || user.id !== input.claimedUserId || user.password_hash !== null) {
    throw new HttpError(401, messages.claimMissing);
  }
  return user;
}
