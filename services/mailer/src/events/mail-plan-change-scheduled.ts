import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { accountPlanName, planNameFor, recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/** A move down scheduled for the period's end (the plan in force stays until then), or such a move undone. */
export const mailPlanChangeScheduled = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.change-scheduled">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    await recordPlanState(trx, event);
    const next =
      data.nextPlan === null
        ? null
        : {
            planName: planNameFor(data.nextPlan, data.nextPlanName),
            priceCents: data.nextPriceCents ?? 0,
          };
    await queueMail(context, trx, {
      naturalKey: `plan-change-scheduled:${event.id}`,
      template: "plan-change-scheduled",
      data: {
        recipientName: recipient.full_name,
        planName: accountPlanName(recipient, data.plan),
        nextPlan: next,
        effectiveAt: data.effectiveAt,
        testMode: recipient.test_mode,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
