import { defineSubscriptions, type EventHandler } from "@tubedigest/bus";
import type { EventName } from "@tubedigest/contracts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { eraseAccount } from "./erase-account.ts";
import { mailCancellation } from "./mail-cancellation.ts";
import { mailDigest } from "./mail-digest.ts";
import { mailEmailChangeAddressTaken } from "./mail-email-change-address-taken.ts";
import { mailEmailChangeRequest } from "./mail-email-change-request.ts";
import { mailPasswordChanged } from "./mail-password-changed.ts";
import { mailPasswordReset } from "./mail-password-reset.ts";
import { mailPaymentFailed } from "./mail-payment-failed.ts";
import { mailPlanChangeScheduled } from "./mail-plan-change-scheduled.ts";
import { mailPlanChanged } from "./mail-plan-changed.ts";
import { mailPlanResumed } from "./mail-plan-resumed.ts";
import { mailPlanStarted } from "./mail-plan-started.ts";
import { mailSignInLink } from "./mail-sign-in-link.ts";
import { mailSingleSummary } from "./mail-single-summary.ts";
import { mailSingleSummaryFailed } from "./mail-single-summary-failed.ts";
import { mailTrialConverted } from "./mail-trial-converted.ts";
import { mailTrialEnding } from "./mail-trial-ending.ts";
import { mailWelcome } from "./mail-welcome.ts";
import { recordChangedRecipient } from "./record-changed-recipient.ts";
import { recordNewRecipient } from "./record-new-recipient.ts";
import { recordPlanEnded } from "./record-plan-ended.ts";
import { recordPreview } from "./record-preview.ts";
import { turnOverAccountLinks } from "./turn-over-account-links.ts";

/**
 * Every event the mailer acts on, and which queue carries it. A queued message is sent by the
 * dispatcher, which is woken once the handler's transaction has committed.
 */
export function mailerSubscriptions(context: MailerContext) {
  const thenWake =
    <Name extends EventName>(handler: EventHandler<Name>): EventHandler<Name> =>
    async (event, handlerContext) => {
      await handler(event, handlerContext);
      context.wakeDispatcher();
    };
  return defineSubscriptions({
    service: "mailer",
    queues: {
      recipients: {
        events: ["user.registered", "user.updated", "subscription.expired"],
        handlers: {
          "user.registered": recordNewRecipient(context),
          "user.updated": recordChangedRecipient(context),
          "subscription.expired": recordPlanEnded(context),
        },
      },
      // Mail about the account's trial and plan; the plan's state, which it is decided by when it goes out,
      // is kept from the same events.
      "account-mail": {
        events: [
          "trial.started",
          "trial.ending",
          "subscription.activated",
          "subscription.changed",
          "subscription.change-scheduled",
          "subscription.payment-failed",
          "subscription.cancelled",
          "subscription.resumed",
          "trial.converted",
        ],
        handlers: {
          "trial.started": thenWake(mailWelcome(context)),
          "trial.ending": thenWake(mailTrialEnding(context)),
          "subscription.activated": thenWake(mailPlanStarted(context)),
          "trial.converted": thenWake(mailTrialConverted(context)),
          "subscription.changed": thenWake(mailPlanChanged(context)),
          "subscription.change-scheduled": thenWake(mailPlanChangeScheduled(context)),
          "subscription.payment-failed": thenWake(mailPaymentFailed(context)),
          "subscription.cancelled": thenWake(mailCancellation(context)),
          "subscription.resumed": thenWake(mailPlanResumed(context)),
        },
      },
      // The links a request has mailed to prove the address; the queue keeps the name it had for the first.
      "sign-in-links": {
        events: ["sign-in-link.requested", "password-reset.requested"],
        handlers: {
          "sign-in-link.requested": thenWake(mailSignInLink(context)),
          "password-reset.requested": thenWake(mailPasswordReset(context)),
        },
      },
      "single-videos": {
        events: ["video.summarised", "video-summary.failed"],
        handlers: {
          "video.summarised": thenWake(mailSingleSummary(context)),
          "video-summary.failed": thenWake(mailSingleSummaryFailed(context)),
        },
      },
      digests: {
        events: ["newsletter.composed"],
        handlers: { "newsletter.composed": thenWake(mailDigest(context)) },
      },
      previews: {
        events: ["preview.shown"],
        handlers: { "preview.shown": recordPreview(context) },
      },
      "account-changes": {
        events: [
          "password.changed",
          "email-change.requested",
          "email-change.address-taken",
          "account.secured",
        ],
        handlers: {
          "password.changed": thenWake(mailPasswordChanged(context)),
          "email-change.requested": thenWake(mailEmailChangeRequest(context)),
          "email-change.address-taken": thenWake(mailEmailChangeAddressTaken(context)),
          "account.secured": turnOverAccountLinks(context),
        },
      },
      erasure: {
        events: ["user.deleted"],
        handlers: { "user.deleted": thenWake(eraseAccount(context)) },
      },
    },
  });
}
