import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { planNameFor } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * Three days before the free days end: with a plan chosen, its first charge (or none, in test mode) and
 * how to cancel before it; without one, that the digests stop and how to choose a plan.
 */
export const mailTrialEnding = (context: MailerContext) =>
  handleOnce<MailerDatabase, "trial.ending">(context.db, async (event, { trx }) => {
    const { data } = event;
    const recipient = await recipientOf(trx, data.userId);
    const nextPlan = data.plan
      ? {
          planName: planNameFor(data.plan, data.planName),
          amountCents: data.amountCents ?? 0,
          cardSaved: data.cardSaved ?? false,
          testMode: data.testMode ?? false,
        }
      : null;
    await queueMail(context, trx, {
      naturalKey: `trial-ending:${recipient.user_id}`,
      template: "trial-ending",
      data: {
        recipientName: recipient.full_name,
        trialEndsAt: data.trialEndsAt,
        nextPlan,
        subscribeUrl: context.links.subscribe,
        subscriptionUrl: context.links.subscriptionSettings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });
