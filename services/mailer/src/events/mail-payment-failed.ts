import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/** Stripe could not charge the saved card: once per event, with the way to another card. */
export const mailPaymentFailed = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.payment-failed">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    await recordPlanState(trx, event, { planName: data.planName });
    await queueMail(context, trx, {
      naturalKey: `payment-failed:${event.id}`,
      template: "payment-failed",
      data: {
        recipientName: recipient.full_name,
        planName: data.planName,
        amountCents: data.amountCents,
        nextAttemptAt: data.nextAttemptAt,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
