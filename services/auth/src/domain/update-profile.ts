import { HttpError } from "@tubedigest/http";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * Saves the full name. The e-mail is shown but not editable (SPEC /settings): newsletters go to it, so
 * changing it would need a confirmation round-trip this screen does not have.
 */
export async function updateProfile(
  context: AuthContext,
  input: { userId: string; email: string; fullName: string | null },
): Promise<User> {
  const users = new UserRepository(context.db);
  const user = await users.findById(input.userId);
  if (!user) throw new HttpError(404, messages.accountGone);
  if (user.email.toLowerCase() !== input.email.toLowerCase())
    throw new HttpError(400, messages.emailImmutable);
  const updated = await users.updateProfile(user.id, { fullName: input.fullName });
  if (!updated) throw new HttpError(404, messages.accountGone);
  return updated;
}
