import { HttpError } from "@tubedigest/http/http-error";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/** Password login; every way of failing answers the same 401 after the same amount of work. */
export async function logIn(context: AuthContext, input: { email: string; password: string }): Promise<User> {
  const users = new UserRepository(context.db);
  const user = await users.findByEmail(input.email);
  const matches = user?.password_hash
    ? await context.hasher.verify(user.password_hash, input.password)
    : await context.hasher.verifyNothing(input.password);
  if (!user?.password_hash || !matches) throw new HttpError(401, messages.badCredentials);
  if (context.hasher.needsRehash(user.password_hash)) {
    await users.replacePasswordHash(user.id, await context.hasher.hash(input.password));
  }
  return user;
}
