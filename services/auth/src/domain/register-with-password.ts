import { writeToOutbox } from "@tubedigest/bus";
import { createEvent } from "@tubedigest/contracts";
import { isUniqueViolation } from "@tubedigest/db";
import { HttpError } from "@tubedigest/http";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * Signup. A new e-mail gets an account; a password-less account gets its first password only from the
 * browser holding its claim. Any other existing e-mail is a 409.
 */
export async function registerWithPassword(
  context: AuthContext,
  input: { email: string; password: string; claimedUserId: string | undefined; correlationId: string },
): Promise<User> {
  const users = new UserRepository(context.db);
  const passwordHash = await context.hasher.hash(input.password);
  const existing = await users.findByEmail(input.email);
  if (existing) {
    const claimed = existing.password_hash === null && existing.id === input.claimedUserId;
    const updated = claimed ? await users.setFirstPassword(existing.id, passwordHash) : undefined;
    if (!updated) throw new HttpError(409, messages.emailTaken);
    return updated;
  }
  try {
    return await context.db.transaction().execute(async (trx) => {
      const user = await new UserRepository(trx).insert({ email: input.email, passwordHash });
      const data = {
        userId: user.id,
        email: user.email,
        fullName: null,
        passwordless: false,
        selectedChannels: [],
      };
      await writeToOutbox(trx, createEvent("user.registered", data, { correlationId: input.correlationId }));
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.emailTaken);
    throw error;
  }
}
