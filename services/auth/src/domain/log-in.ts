import { HttpError } from "@tubedigest/http/http-error";
import { SignInFailureRepository } from "../store/sign-in-failure-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * Wrong passwords one address takes before it takes none for a while: the gateway's limits count per
 * client network, and an attacker has many, so the account's own count is what stops guessing.
 */
const MAX_SIGN_IN_FAILURES = 10;
const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Password login; every way of failing answers the same 401 after the same amount of work. Failures
 * are counted per address, whether or not it has an account (so the count reveals none): past the limit
 * the address is answered a 429 that offers a sign-in link, which only its owner can follow.
 */
export async function logIn(context: AuthContext, input: { email: string; password: string }): Promise<User> {
  const failures = new SignInFailureRepository(context.db);
  const now = context.now();
  const windowStart = new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS);
  const failed = await failures.countSince(input.email, windowStart);
  if (failed >= MAX_SIGN_IN_FAILURES) throw new HttpError(429, messages.tooManySignInFailures);
  const users = new UserRepository(context.db);
  const user = await users.findByEmail(input.email);
  const matches = user?.password_hash
    ? await context.hasher.verify(user.password_hash, input.password)
    : await context.hasher.verifyNothing(input.password);
  if (!user?.password_hash || !matches) {
    await failures.add(input.email, now, windowStart);
    throw new HttpError(401, messages.badCredentials);
  }
  if (failed > 0) await failures.clear(input.email);
  if (context.hasher.needsRehash(user.password_hash)) {
    await users.replacePasswordHash(user.id, await context.hasher.hash(input.password));
  }
  return user;
}
