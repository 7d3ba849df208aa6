import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { planNameFor, recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * The plan in force changed: what the move charged today (a move up's difference), or that it charged
 * nothing. Whether money moves at all is the plan's test mode, as its start said.
 */
export const mailPlanChanged = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.changed">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    const planName = planNameFor(data.plan, data.planName);
    await recordPlanState(trx, event, { planName: data.planName ?? null });
    await queueMail(context, trx, {
      naturalKey: `plan-changed:${event.id}`,
      template: "plan-changed",
      data: {
        recipientName: recipient.full_name,
        planName,
        priceCents: data.priceCents ?? 0,
        chargedCents: data.amountCents ?? 0,
        testMode: recipient.test_mode,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
