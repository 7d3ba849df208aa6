import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { planNameFor, recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * A plan started: paid now, a receipt with what was charged today; chosen during the free days, a
 * confirmation that it starts when they end, $0 today. Either way the account has a plan from now on (no
 * trial welcome, no abandonment e-mail).
 */
export const mailPlanStarted = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.activated">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    const planName = planNameFor(data.plan, data.planName);
    await recordPlanState(trx, event, {
      planName: data.planName ?? null,
      accessEndsAt: null,
      testMode: data.testMode,
    });
    const common = {
      recipientName: recipient.full_name,
      planName,
      testMode: data.testMode,
      subscriptionUrl: context.links.subscriptionSettings,
    };
    const addressed = { to: recipient.email, userId: recipient.user_id };
    if (data.trialEndsAt) {
      await queueMail(context, trx, {
        naturalKey: `trial-plan-chosen:${event.id}`,
        template: "trial-plan-chosen",
        data: { ...common, priceCents: data.priceCents ?? 0, startsAt: data.trialEndsAt },
        ...addressed,
      });
      return;
    }
    await queueMail(context, trx, {
      naturalKey: `receipt:${event.id}`,
      template: "receipt",
      data: { ...common, amountCents: data.priceCents ?? 0, periodEnd: data.currentPeriodEnd },
      ...addressed,
    });
  });
