import { canonicalEmail } from "@tubedigest/contracts";
import { sql } from "kysely";
import { MessageRepository } from "../store/message-repository.ts";
import { PreviewRepository } from "../store/preview-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { queueMail } from "./queue-mail.ts";
import { welcomeKey } from "./welcome-key.ts";

/** SPEC §9: not resent to the same address within 7 days, whatever the browser's marker says. */
const RESEND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** The welcome invites back to the preview itself: no reminder goes out within a day of it. */
const AFTER_WELCOME_MS = 24 * 60 * 60 * 1000;

/**
 * A visitor left the preview without choosing a plan (SPEC §4): one reminder, to their own account only
 * (`userId`: signed in, or holding the claim on the account their browser made), at the account's own
 * address, written from the preview the summariser recorded for it (its first channel's title and up to
 * three points of the summary shown) — nothing a browser sent reaches it. The address the browser names
 * must be the account's. None to an account that pays or unsubscribed, none within a day of its welcome
 * (which already invites back to the preview), none within 7 days of the last. The caller's answer is the
 * same whatever happened; this answers whether a message was queued (for the log and tests only).
 */
export async function requestAbandonmentEmail(
  context: MailerContext,
  input: { userId: string | undefined; email: string },
): Promise<boolean> {
  const { userId } = input;
  if (userId === undefined) return false;
  const now = context.now();
  const queued = await context.db.transaction().execute(async (trx) => {
    const recipient = await new RecipientRepository(trx).find(userId);
    if (!recipient || recipient.canonical_email !== canonicalEmail(input.email)) return false;
    if (recipient.paying || recipient.unsubscribed_at) return false;
    const preview = await new PreviewRepository(trx).find(userId);
    if (!preview) return false;
    const welcomedAt = await new MessageRepository(trx).queuedAt(welcomeKey(userId));
    if (!welcomedAt || now.getTime() - welcomedAt.getTime() < AFTER_WELCOME_MS) return false;
    const address = recipient.canonical_email;
    // Taken only if the last one is older than 7 days: two requests at once cannot both pass.
    const claimed = await trx
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
    if (!claimed) return false;
    return queueMail(context, trx, {
      naturalKey: `abandonment:${address}:${now.toISOString()}`,
      template: "abandonment",
      data: {
        channelName: preview.channel_title,
        summaryBullets: preview.bullets.slice(0, 3),
        continueUrl: context.links.preview,
      },
      to: recipient.email,
      userId,
    });
  });
  if (queued) context.wakeDispatcher();
  return queued;
}
