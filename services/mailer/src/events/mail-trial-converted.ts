import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * A plan chosen during the free days took its first payment as they ended: the receipt for the money
 * taken today (in test mode, that none was), once per event. The plan was in force already, so nothing
 * of the account's plan state changes.
 */
export const mailTrialConverted = (context: MailerContext) =>
  handleOnce<MailerDatabase, "trial.converted">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    await queueMail(context, trx, {
      naturalKey: `receipt:${event.id}`,
      template: "receipt",
      data: {
        recipientName: recipient.full_name,
        planName: data.planName,
        amountCents: data.amountCents,
        periodEnd: data.currentPeriodEnd,
        testMode: data.testMode,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
