import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { accountPlanName, recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/** Cancelled: access goes on until the period's end, and the mail says until when and how to resume. */
export const mailCancellation = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.cancelled">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    await recordPlanState(trx, event, { accessEndsAt: new Date(data.endsAt) });
    await queueMail(context, trx, {
      naturalKey: `cancellation:${event.id}`,
      template: "cancellation",
      data: {
        recipientName: recipient.full_name,
        planName: accountPlanName(recipient, data.plan),
        accessUntil: data.endsAt,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
