import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { accountPlanName, recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/** A cancellation undone before the period's end: nothing ends, and the mail says so. */
export const mailPlanResumed = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.resumed">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    await recordPlanState(trx, event, { accessEndsAt: null });
    await queueMail(context, trx, {
      naturalKey: `plan-resumed:${event.id}`,
      template: "plan-resumed",
      data: {
        recipientName: recipient.full_name,
        planName: accountPlanName(recipient, data.plan),
        wouldHaveEndedAt: data.renewsAt,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
