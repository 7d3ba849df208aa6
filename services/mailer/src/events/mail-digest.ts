import { handleOnce } from "@tubedigest/bus";
import { unsubscribeUrl } from "../domain/mail-headers.ts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * A composed newsletter, once per newsletter, with one-click unsubscribe (see mailHeaders); none to someone who
 * unsubscribed meanwhile. It is queued as the newsletter's delivery (`newsletterId`), so `newsletter.sent`
 * follows when the SMTP server has accepted it.
 */
export const mailDigest = (context: MailerContext) =>
  handleOnce<MailerDatabase, "newsletter.composed">(context.db, async (event, { trx, log }) => {
    // Locked: its unsubscribe link must be of the generation the reader has when this commits.
    const recipient = await recipientOf(trx, event.data.userId, { lock: true });
    if (recipient.unsubscribed_at) {
      log.info({ newsletterId: event.data.newsletterId }, "recipient unsubscribed; digest not sent");
      return;
    }
    await queueMail(context, trx, {
      naturalKey: `newsletter:${event.data.newsletterId}`,
      template: "digest",
      data: {
        recipientName: recipient.full_name,
        weekLabel: event.data.weekLabel,
        period: event.data.period,
        subject: event.data.subject,
        channels: event.data.channels,
        glance: event.data.glance,
        focus: event.data.focus,
        archiveUrl: context.links.newsletter(event.data.newsletterId, event.data.readToken),
        dashboardUrl: context.links.dashboard,
        unsubscribeUrl: unsubscribeUrl(context, recipient),
      },
      to: recipient.email,
      userId: recipient.user_id,
      newsletterId: event.data.newsletterId,
    });
  });
