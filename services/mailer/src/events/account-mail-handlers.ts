import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import { welcomeMail } from "../domain/welcome-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { PreviewRepository } from "../store/preview-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { recipientOf } from "./recipient-of.ts";

/**
 * The welcome: the 7-day trial has started, and when it ends; it also invites back to the preview. A
 * landing-page sign-up's (e-mail only) waits a little: a visitor who leaves the preview meanwhile gets it
 * rewritten to carry that preview and sent at once (requestAbandonmentEmail), one message for both. One
 * who asked for the reminder before this event arrived gets that message now.
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
      ...welcomeMail(context, { recipient, trialEndsAt, preview, quotesPreview }),
      dueAt: waits ? new Date(now.getTime() + context.landingWelcomeDelayMs) : now,
    });
  });

/** Two days before a trial without a plan ends. */
export const mailTrialEnding = (context: MailerContext) =>
  handleOnce<MailerDatabase, "trial.ending">(context.db, async (event, { trx }) => {
    const recipient = await recipientOf(trx, event.data.userId);
    await queueMail(context, trx, {
      naturalKey: `trial-ending:${recipient.user_id}`,
      template: "trial-ending",
      data: {
        recipientName: recipient.full_name,
        trialEndsAt: event.data.trialEndsAt,
        subscribeUrl: context.links.subscribe,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });

/** A plan started or switched: a receipt, and no more abandonment e-mails to someone who pays. */
export const mailReceipt = <Name extends "subscription.activated" | "subscription.changed">(
  context: MailerContext,
) =>
  handleOnce<MailerDatabase, Name>(context.db, async (event, { trx }) => {
    const recipient = await recipientOf(trx, event.data.userId);
    await new RecipientRepository(trx).setPaying(recipient.user_id, true);
    const data = event.data;
    await queueMail(context, trx, {
      naturalKey: `receipt:${event.id}`,
      template: "receipt",
      data: {
        recipientName: recipient.full_name,
        planName: data.planName ?? capitalised(data.plan ?? "your plan"),
        amountCents: data.priceCents ?? 0,
        periodEnd: "currentPeriodEnd" in data ? data.currentPeriodEnd : event.occurredAt,
        testMode: "testMode" in data ? data.testMode : false,
        settingsUrl: context.links.settings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });

/** Cancelled: access goes on until the period's end, and the mail says until when. */
export const mailCancellation = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.cancelled">(context.db, async (event, { trx }) => {
    const recipient = await recipientOf(trx, event.data.userId);
    await queueMail(context, trx, {
      naturalKey: `cancellation:${event.id}`,
      template: "cancellation",
      data: {
        recipientName: recipient.full_name,
        planName: capitalised(event.data.plan ?? "your plan"),
        accessUntil: event.data.endsAt,
        settingsUrl: context.links.settings,
      },
      to: recipient.email,
      userId: recipient.user_id,
    });
  });

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
