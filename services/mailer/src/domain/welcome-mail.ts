import type { Preview } from "../store/preview-repository.ts";
import type { Recipient } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import type { MailToQueue } from "./queue-mail.ts";
import { welcomeKey } from "./welcome-key.ts";

/**
 * An account's welcome: its trial and when it ends, and an invitation back to its preview (linked to the
 * previewed channel when one was recorded). With `quotesPreview`, the visitor left that preview before
 * the welcome went out, and the welcome carries it (its channel and points): the day's one message.
 */
export function welcomeMail(
  context: MailerContext,
  input: { recipient: Recipient; trialEndsAt: Date; preview: Preview | undefined; quotesPreview: boolean },
): MailToQueue<"welcome"> {
  const { recipient, preview } = input;
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
    },
    to: recipient.email,
    userId: recipient.user_id,
  };
}
