import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { MessageRepository } from "../store/message-repository.ts";
import { PreviewRepository } from "../store/preview-repository.ts";
import type { Recipient } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import type { MailToQueue } from "./queue-mail.ts";
import { welcomeKey } from "./welcome-key.ts";

/**
 * An account's welcome as the mailer's records stand now: its trial and when it ends; an invitation back
 * to its latest preview, linked to the previewed channel; whether its first digest is still to come. With
 * `quotesPreview`, the visitor left that preview before the welcome went out, and the welcome carries it
 * (its channel and points): the day's one message. Written when queued and again just before it goes
 * (send-time-rules.ts): a landing-page sign-up's welcome is queued before the visitor's preview exists.
 */
export async function welcomeMail(
  context: MailerContext,
  trx: Transaction<MailerDatabase>,
  input: { recipient: Recipient; trialEndsAt: Date; quotesPreview: boolean },
): Promise<MailToQueue<"welcome">> {
  const { recipient } = input;
  const preview = await new PreviewRepository(trx).find(recipient.user_id);
  return {
    naturalKey: welcomeKey(recipient.user_id),
    template: "welcome",
    data: {
      recipientName: recipient.full_name,
      trialEndsAt: input.trialEndsAt.toISOString(),
      dashboardUrl: context.links.dashboard,
      previewUrl: context.links.preview(preview?.channel_id ?? null),
      preview:
        preview && input.quotesPreview
          ? { channelName: preview.channel_title, summaryBullets: preview.bullets }
          : null,
      digestSent: await new MessageRepository(trx).digestSentTo(recipient.user_id),
    },
    to: recipient.email,
    userId: recipient.user_id,
  };
}
