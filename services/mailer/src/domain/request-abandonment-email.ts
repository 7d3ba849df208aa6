import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { waitForRow } from "@tubedigest/db";
import { sql, type Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { type Message, MessageRepository } from "../store/message-repository.ts";
import { PreviewRepository } from "../store/preview-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { unsubscribeUrl } from "./mail-headers.ts";
import type { MailerContext } from "./mailer-context.ts";
import { queueMail } from "./queue-mail.ts";
import { rewritePendingMail } from "./rewrite-pending-mail.ts";
import { welcomeKey } from "./welcome-key.ts";
import { welcomeMail } from "./welcome-mail.ts";

/** Not resent to the same address within 7 days, whatever the browser's marker says. */
const RESEND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The welcome's day: a welcome that went out this recently already invited back to the preview, so no
 * separate reminder follows it. Shorter than a landing-page claim's 24 hours, so a visitor who comes back
 * to the preview the next morning on their claim is reminded as anyone else.
 */
const WELCOME_DAY_MS = 12 * 60 * 60 * 1000;
/**
 * A visitor may leave a moment after the preview appeared, before the summariser's preview.shown has reached
 * the mailer: the request waits this long for it rather than mailing nothing.
 */
const PREVIEW_WAIT_MS = 3_000;
const PREVIEW_POLL_MS = 100;

/**
 * What became of a request: a reminder queued, the waiting welcome rewritten to carry the preview, the
 * reminder left to the welcome not yet queued, or nothing. Only for the log and tests: the caller's answer
 * is the same whatever happened.
 */
export type AbandonmentOutcome = "reminder" | "in-welcome" | "owed-to-welcome" | "none";

/**
 * A visitor left the preview without choosing a plan (docs/product.md#the-abandonment-e-mail): one reminder,
 * to their own account only (`userId`: signed in, or holding the claim on the account their browser made), at
 * the account's own address, written from the preview the summariser recorded for it (its first channel's
 * title and up to three points of the summary shown, and a link back to that preview) — nothing a browser
 * sent reaches it. The address the browser names must be the account's. None to an account that pays or
 * unsubscribed, none within 7 days of the last. And never two messages for one sitting: a welcome not sent
 * yet (a landing-page sign-up's waits a little) is rewritten to carry the preview and sent at once, one not
 * queued yet will carry it, and one that went out within the welcome's day already invited back.
 */
export async function requestAbandonmentEmail(
  context: MailerContext,
  input: { userId: string | undefined; email: string },
): Promise<AbandonmentOutcome> {
  const { userId } = input;
  if (userId === undefined) return "none";
  // Outside the transaction: nothing is locked while it waits.
  await previewRecorded(context, userId);
  const now = context.now();
  const outcome = await context.db.transaction().execute(async (trx): Promise<AbandonmentOutcome> => {
    // Locked first, as the welcome's handler does: neither decides on what the other has not committed.
    const recipient = await new RecipientRepository(trx).lock(userId);
    if (!recipient || recipient.canonical_email !== canonicalEmail(input.email)) return "none";
    if (recipient.paying || recipient.unsubscribed_at) return "none";
    const previews = new PreviewRepository(trx);
    const preview = await previews.find(userId);
    if (!preview) return "none";
    // Locked too: a dispatcher passes it by until this commits, so its status holds meanwhile.
    const welcome = await new MessageRepository(trx).lock(welcomeKey(userId));
    const trialEndsAt = recipient.trial_ends_at;
    const welcomeWaits = welcome?.status === "pending" && trialEndsAt !== null;
    if (welcome && !welcomeWaits && welcomedWithinTheDay(welcome, now)) return "none";
    if (!(await takeTheWeek(trx, recipient.canonical_email, now))) return "none";

    if (!welcome) {
      await previews.oweReminder(userId, now);
      return "owed-to-welcome";
    }
    if (welcomeWaits) {
      const carried = await welcomeMail(context, trx, { recipient, trialEndsAt, quotesPreview: true });
      return (await rewritePendingMail(context, trx, carried, now)) ? "in-welcome" : "none";
    }
    const queued = await queueMail(context, trx, {
      naturalKey: `abandonment:${recipient.canonical_email}:${now.toISOString()}`,
      template: "abandonment",
      data: {
        channelName: preview.channel_title,
        summaryBullets: preview.bullets.slice(0, 3),
        continueUrl: context.links.preview(preview.channel_id),
        unsubscribeUrl: unsubscribeUrl(context, recipient),
      },
      to: recipient.email,
      userId,
    });
    return queued === "queued" ? "reminder" : "none";
  });
  if (outcome === "reminder" || outcome === "in-welcome") context.wakeDispatcher();
  return outcome;
}

/** Waits (up to PREVIEW_WAIT_MS) until the account's preview has reached the mailer. */
async function previewRecorded(context: MailerContext, userId: string): Promise<void> {
  const previews = new PreviewRepository(context.db);
  await waitForRow(() => previews.find(userId), { timeoutMs: PREVIEW_WAIT_MS, intervalMs: PREVIEW_POLL_MS });
}

/**
 * Whether the welcome is going out or went out within the welcome's day. One still pending that cannot be
 * written anew (queued before the mailer kept the trial's end) is about to go, and counts as going; one
 * that failed or was suppressed never reached anyone.
 */
function welcomedWithinTheDay(welcome: Message, now: Date): boolean {
  if (welcome.status === "pending" || welcome.status === "sending") return true;
  if (welcome.status !== "sent" || welcome.sent_at === null) return false;
  return now.getTime() - welcome.sent_at.getTime() < WELCOME_DAY_MS;
}

/** Takes the address's reminder for the next 7 days, unless one was taken within the last 7. */
async function takeTheWeek(trx: Transaction<MailerDatabase>, address: string, now: Date): Promise<boolean> {
  const taken = await trx
    .insertInto("abandonment_sends")
    .values({ canonical_email: address, sent_at: now })
    .onConflict((conflict) =>
      conflict
        .column("canonical_email")
        .doUpdateSet({ sent_at: now })
        .where("abandonment_sends.sent_at", "<=", sql<Date>`${new Date(now.getTime() - RESEND_AFTER_MS)}`),
    )
    .returning("canonical_email")
    .executeTakeFirst();
  return taken !== undefined;
}
