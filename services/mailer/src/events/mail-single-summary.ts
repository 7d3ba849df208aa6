import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recipientOf } from "./recipient-of.ts";

/** A bought single summary, once per purchase. */
export const mailSingleSummary = (context: MailerContext) =>
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
