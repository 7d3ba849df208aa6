import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import { welcomeMail } from "../domain/welcome-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { PreviewRepository } from "../store/preview-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { accountPlanName, planNameFor, recordPlanState } from "./plan-state.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * The welcome: the 7-day trial has started, and when it ends; it also invites back to the preview. A
 * landing-page sign-up's (e-mail only) waits a little: a visitor who leaves the preview meanwhile gets it
 * rewritten to carry that preview and sent at once (requestAbandonmentEmail), one message for both. One
 * who asked for the reminder before this event arrived gets that message now. Whether it still goes, and
 * what it says, is decided again when it is sent (send-time-rules.ts).
 */
export const mailWelcome = (context: MailerContext) =>
  handleOnce<MailerDatabase, "trial.started">(context.db, async (event, { trx }) => {
    // Locked, as the abandonment request does: neither decides on what the other has not committed.
    const recipient = await recipientOf(trx, event.data.userId, { lock: true });
    const trialEndsAt = new Date(event.data.trialEndsAt);
    await new RecipientRepository(trx).setTrialEnd(recipient.user_id, trialEndsAt);
    const preview = await new PreviewRepository(trx).find(recipient.user_id);
    const quotesPreview = Boolean(preview?.reminder_owed_at);
    const now = context.now();
    const waits = recipient.passwordless && !quotesPreview;
    await queueMail(context, trx, {
      ...(await welcomeMail(context, trx, { recipient, trialEndsAt, quotesPreview })),
      dueAt: waits ? new Date(now.getTime() + context.landingWelcomeDelayMs) : now,
    });
  });

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
