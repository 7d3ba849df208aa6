import { handleOnce } from "@tubedigest/bus";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import { unsubscribeUrl } from "../domain/mail-headers.ts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recipientOf } from "./recipient-of.ts";

/** A sign-in link to the address it was asked for (auth only asks for addresses with an account). */
export const mailSignInLink = (context: MailerContext) =>
  handleOnce<MailerDatabase, "sign-in-link.requested">(context.db, async (event, { trx }) => {
    await queueMail(context, trx, {
      naturalKey: `sign-in-link:${event.id}`,
      template: "sign-in-link",
      data: { link: context.links.signInLink(event.data.token), expiresAt: event.data.expiresAt },
      to: event.data.email,
      userId: event.data.userId,
    });
  });

/** A purchased single-video summary, once per purchase. */
export const mailSingleVideoSummary = (context: MailerContext) =>
  handleOnce<MailerDatabase, "video.summarised">(context.db, async (event, { trx }) => {
    const recipient = await recipientOf(trx, event.data.userId);
    await queueMail(context, trx, {
      naturalKey: `single-video:${event.data.orderId}`,
      template: "single-video-summary",
      data: {
        recipientName: recipient.full_name,
        title: event.data.title,
        url: event.data.url,
        summaryMarkdown: event.data.markdown,
        basis: event.data.basis,
        charge: event.data.charge ?? null,
        dashboardUrl: context.links.dashboard,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });

/** A purchased summary that could not be made: that nothing was charged, once per purchase. */
export const mailSingleVideoFailed = (context: MailerContext) =>
  handleOnce<MailerDatabase, "video-summary.failed">(context.db, async (event, { trx }) => {
    const recipient = await recipientOf(trx, event.data.userId);
    await queueMail(context, trx, {
      naturalKey: `single-video-failed:${event.data.orderId}`,
      template: "single-video-failed",
      data: {
        recipientName: recipient.full_name,
        title: event.data.title ?? event.data.videoId,
        url: watchUrl(event.data.videoId),
        charge: event.data.charge ?? null,
        dashboardUrl: context.links.dashboard,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });

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
        subject: event.data.subject,
        channels: event.data.channels,
        glance: event.data.glance,
        archiveUrl: context.links.newsletter(event.data.newsletterId, event.data.readToken),
        dashboardUrl: context.links.dashboard,
        unsubscribeUrl: unsubscribeUrl(context, recipient),
      },
      to: recipient.email,
      userId: recipient.user_id,
      newsletterId: event.data.newsletterId,
    });
  });
