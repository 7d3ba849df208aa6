import { createEvent } from "@tubedigest/contracts";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";

/** Long enough to open the mail, short enough that an old mail is no key. */
const LINK_LIFETIME_MS = 30 * 60 * 1000;
/** One new link per address per two minutes: enough for a lost mail, too few to flood an inbox. */
const LINK_INTERVAL_MS = 2 * 60 * 1000;

/**
 * Makes a sign-in link for the account at this address and hands it to the mailer through the outbox.
 * An address without an account, or one sent a link moments ago, gets nothing, and the caller answers
 * alike either way: whoever asks learns nothing about the address.
 */
export async function requestSignInLink(
  context: AuthContext,
  input: { email: string; correlationId: string },
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    // The row lock makes two requests racing for one address take turns, so only one gets a link.
    const user = await new UserRepository(trx).findByEmailForUpdate(input.email);
    if (!user) return;
    const links = new SignInLinkRepository(trx);
    const now = context.now();
    const latest = await links.latestCreatedAt(user.id);
    if (latest && now.getTime() - latest.getTime() < LINK_INTERVAL_MS) return;
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
    const token = await links.create(user.id, now, expiresAt);
    const data = { userId: user.id, email: user.email, token, expiresAt: expiresAt.toISOString() };
    await context.recordEvent(
      trx,
      createEvent("sign-in-link.requested", data, { correlationId: input.correlationId }),
    );
  });
}
