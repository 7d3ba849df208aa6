import { isUniqueViolation } from "@tubedigest/db";
import { HttpError } from "@tubedigest/http/http-error";
import { ClaimRepository } from "../store/claim-repository.ts";
import { EmailChangeRepository } from "../store/email-change-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import { announceProfile } from "./announce-profile.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * Whoever followed the link mailed to the new address owns it: the account moves there (proven), its
 * other waiting links and claims end, and every service learns the address from `user.updated`. The link
 * is the authority, so no session is needed (it may be opened on a phone). An address another account
 * took meanwhile is refused and the link stays spent.
 */
export async function confirmEmailChange(
  context: AuthContext,
  input: { token: string; correlationId: string },
): Promise<User> {
  const now = context.now();
  const move = await new EmailChangeRepository(context.db).consume(input.token, now);
  if (!move) throw new HttpError(410, messages.emailChangeInvalid);
  try {
    return await context.db.transaction().execute(async (trx) => {
      const moved = await new UserRepository(trx).changeEmail(move.user_id, move.new_email, now);
      if (!moved) throw new HttpError(410, messages.emailChangeInvalid);
      await new EmailChangeRepository(trx).endPendingOf(moved.id, now);
      await new ClaimRepository(trx).consumeAllOf(moved.id, now);
      await announceProfile(context, trx, moved, input.correlationId);
      return moved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.emailChangeTaken);
    throw error;
  }
}
