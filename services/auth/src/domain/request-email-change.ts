import { canonicalEmail, createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { EmailChangeRepository } from "../store/email-change-repository.ts";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { checkCurrentPassword } from "./check-current-password.ts";
import { lockAccount } from "./lock-account.ts";
import { messages } from "./messages.ts";

/** A day: time to open the mail on another device, short enough that an old mail is no key. */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The signed-in owner asks to move the account to another address (the current password checked). Nothing
 * changes yet: a link goes to the new address, which its owner must follow (`confirmEmailChange`), and
 * the current address is told, without the link. A newer request replaces a waiting one. An address
 * another account has is refused, saying only that it cannot be used.
 */
export async function requestEmailChange(
  context: AuthContext,
  input: { userId: string; newEmail: string; currentPassword: string | undefined; correlationId: string },
): Promise<void> {
  const users = new UserRepository(context.db);
  const user = await users.findById(input.userId);
  if (!user) throw new HttpError(404, messages.accountGone);
  if (user.email_canonical === canonicalEmail(input.newEmail))
    throw new HttpError(400, messages.emailUnchanged);
  await checkCurrentPassword(context, user, input.currentPassword);
  if (await users.findByEmail(input.newEmail)) throw new HttpError(409, messages.emailInUse);
  await context.db.transaction().execute(async (trx) => {
    const locked = await lockAccount(trx, user.id);
    const changes = new EmailChangeRepository(trx);
    const now = context.now();
    await changes.endPendingOf(user.id, now);
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
    const token = await changes.create({ userId: user.id, newEmail: input.newEmail, now, expiresAt });
    const data = {
      userId: user.id,
      currentEmail: locked.email,
      newEmail: input.newEmail,
      token,
      expiresAt: expiresAt.toISOString(),
    };
    await context.recordEvent(
      trx,
      createEvent("email-change.requested", data, { correlationId: input.correlationId }),
    );
  });
}
