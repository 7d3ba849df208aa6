import { canonicalEmail, createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { EmailChangeRepository } from "../store/email-change-repository.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { checkCurrentPassword } from "./check-current-password.ts";
import { lockAccount } from "./lock-account.ts";
import { messages } from "./messages.ts";
import { requestMailedLink } from "./request-mailed-link.ts";

/** A day: time to open the mail on another device, short enough that an old mail is no key. */
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * How recently a password-less account's holder must have followed a sign-in link to move it: a browser
 * signed in by a claim (the landing page) never proved the address, and a session is not the account.
 */
const FRESH_LINK_MS = 60 * 60 * 1000;

/**
 * The signed-in owner asks to move the account to another address: the current password checked, or for
 * an account without one, a sign-in link followed within the hour (otherwise one is sent to the current
 * address and the request refused). Nothing changes yet: a link goes to the new address, which its owner
 * must follow (`confirmEmailChange`), and the current address is told, without the link. A newer request
 * replaces a waiting one. An address another account has gets the same answer: its owner is told
 * instead, and no link is made, so the answer tells nobody which addresses have accounts.
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
  if (!provenLately(context, user)) {
    await requestMailedLink(context, {
      email: user.email,
      purpose: "sign-in",
      correlationId: input.correlationId,
    });
    throw new HttpError(403, messages.emailChangeNeedsLink(user.email));
  }
  const taken = (await users.findByEmail(input.newEmail)) !== undefined;
  await context.db.transaction().execute(async (trx) => {
    const locked = await lockAccount(trx, user.id);
    const changes = new EmailChangeRepository(trx);
    const now = context.now();
    await changes.endPendingOf(user.id, now);
    const metadata = { correlationId: input.correlationId };
    const addresses = { userId: user.id, currentEmail: locked.email, newEmail: input.newEmail };
    if (taken) {
      await context.recordEvent(trx, createEvent("email-change.address-taken", addresses, metadata));
      return;
    }
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
    const token = await changes.create({ userId: user.id, newEmail: input.newEmail, now, expiresAt });
    const data = { ...addresses, token, expiresAt: expiresAt.toISOString() };
    await context.recordEvent(trx, createEvent("email-change.requested", data, metadata));
  });
}

/** An account with a password proved itself by it; one without, by a sign-in link followed lately. */
function provenLately(context: AuthContext, user: User): boolean {
  if (user.password_hash !== null) return true;
  const followed = user.link_signed_in_at;
  return followed !== null && context.now().getTime() - followed.getTime() < FRESH_LINK_MS;
}
