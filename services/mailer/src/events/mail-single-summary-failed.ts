import { handleOnce } from "@tubedigest/bus";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recipientOf } from "./recipient-of.ts";

/** A purchased summary that could not be made: that nothing was charged, once per purchase. */
export const mailSingleSummaryFailed = (context: MailerContext) =>
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
