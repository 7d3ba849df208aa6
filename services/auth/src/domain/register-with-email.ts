import { isUniqueViolation } from "@tubedigest/db";
import { HttpError } from "@tubedigest/http";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * The landing page's flow: an account with an e-mail and no password. Repeating it from the browser
 * that made the account is harmless; from anywhere else an existing e-mail is a 409.
 */
export async function registerWithEmail(
  context: AuthContext,
  input: { email: string; claimedUserId: string | undefined },
): Promise<{ user: User; created: boolean }> {
  const users = new UserRepository(context.db);
  const existing = await users.findByEmail(input.email);
  if (existing) {
    if (existing.password_hash === null && existing.id === input.claimedUserId)
      return { user: existing, created: false };
    throw new HttpError(409, messages.emailTaken);
  }
  try {
    return { user: await users.insert({ email: input.email, passwordHash: null }), created: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.emailTaken);
    throw error;
  }
}
