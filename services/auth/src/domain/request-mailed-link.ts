import { createEvent } from "@tubedigest/contracts";
import type { MailedLinkPurpose } from "../store/database.ts";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";

/**
 * Each kind of link: long enough to open the mail (a new password takes a little longer to choose), short
 * enough that an old mail is no key; and the event that hands it to the mailer.
 */
const LINKS = {
  "sign-in": { lifetimeMs: 30 * 60 * 1000, event: "sign-in-link.requested" },
  "password-reset": { lifetimeMs: 60 * 60 * 1000, event: "password-reset.requested" },
} as const;

/** One new link of a kind per address per two minutes: enough for a lost mail, too few to flood an inbox. */
const LINK_INTERVAL_MS = 2 * 60 * 1000;

/**
 * Makes a link of this kind for the account at this address and hands it to the mailer through the
 * outbox. An address without an account, or one sent such a link moments ago, gets nothing, and the
 * caller answers alike either way: whoever asks learns nothing about the address.
 */
export async function requestMailedLink(
  context: AuthContext,
  input: { email: string; purpose: MailedLinkPurpose; correlationId: string },
): Promise<void> {
  const kind = LINKS[input.purpose];
  await context.db.transaction().execute(async (trx) => {
    // The row lock makes two requests racing for one address take turns, so only one gets a link.
    const user = await new UserRepository(trx).findByEmailForUpdate(input.email);
    if (!user) return;
    const links = new SignInLinkRepository(trx, input.purpose);
    const now = context.now();
    const latest = await links.latestCreatedAt(user.id);
    if (latest && now.getTime() - latest.getTime() < LINK_INTERVAL_MS) return;
    const expiresAt = new Date(now.getTime() + kind.lifetimeMs);
    const token = await links.create(user.id, now, expiresAt);
    const data = { userId: user.id, email: user.email, token, expiresAt: expiresAt.toISOString() };
    await context.recordEvent(trx, createEvent(kind.event, data, { correlationId: input.correlationId }));
  });
}
