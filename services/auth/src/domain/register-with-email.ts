import { writeToOutbox } from "@tubedigest/bus";
import { createEvent, type UserRegisteredData } from "@tubedigest/contracts";
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
  input: {
    email: string;
    claimedUserId: string | undefined;
    /** The channels picked on the landing page; catalog follows them for the new account. */
    selectedChannels: UserRegisteredData["selectedChannels"];
    correlationId: string;
  },
): Promise<{ user: User; created: boolean }> {
  const users = new UserRepository(context.db);
  const existing = await users.findByEmail(input.email);
  if (existing) {
    if (existing.password_hash === null && existing.id === input.claimedUserId)
      return { user: existing, created: false };
    throw new HttpError(409, messages.emailTaken);
  }
  try {
    const user = await context.db.transaction().execute(async (trx) => {
      const inserted = await new UserRepository(trx).insert({ email: input.email, passwordHash: null });
      const data = {
        userId: inserted.id,
        email: inserted.email,
        fullName: null,
        passwordless: true,
        selectedChannels: input.selectedChannels,
      };
      await writeToOutbox(trx, createEvent("user.registered", data, { correlationId: input.correlationId }));
      return inserted;
    });
    return { user, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.emailTaken);
    throw error;
  }
}
