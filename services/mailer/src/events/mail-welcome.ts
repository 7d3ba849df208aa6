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
