import { canonicalEmail } from "@tubedigest/contracts";
import { sql } from "kysely";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { queueMail } from "./queue-mail.ts";

/** SPEC §9: not resent to the same address within 7 days, whatever the browser's marker says. */
const RESEND_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A visitor left the preview without choosing a plan (SPEC §4): one reminder with their first channel
 * and up to three of its summary's points. None to an address that pays or unsubscribed, and none within
 * 7 days of the last; the caller's answer is the same whatever happened, so it tells nobody whether an
 * address has an account. Answers whether a message was queued (for the log and tests only).
 */
export async function requestAbandonmentEmail(
  context: MailerContext,
  input: { email: string; channelName: string | null; summaryBullets: string[] },
): Promise<boolean> {
  const address = canonicalEmail(input.email);
  const now = context.now();
  const queued = await context.db.transaction().execute(async (trx) => {
    const recipient = await new RecipientRepository(trx).findByEmail(input.email);
    if (recipient?.paying || recipient?.unsubscribed_at) return false;
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
        channelName: input.channelName,
        summaryBullets: input.summaryBullets.slice(0, 3),
        continueUrl: context.links.home,
      },
      to: input.email.trim(),
      userId: recipient?.user_id ?? null,
    });
  });
  if (queued) context.wakeDispatcher();
  return queued;
}
