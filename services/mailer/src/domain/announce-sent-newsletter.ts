import type { RecordEvent } from "@tubedigest/bus";
import { createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import type { Message } from "../store/message-repository.ts";

/**
 * When the SMTP server has accepted a message queued as a newsletter's delivery (its `newsletter_id`, see
 * mailDigest), the newsletter's composer is told (`newsletter.sent`, which sets its sentAt), in the
 * transaction that marks the message sent: both or neither. Any other message announces nothing.
 */
export async function announceSentNewsletter(
  recordEvent: RecordEvent<MailerDatabase>,
  trx: Transaction<MailerDatabase>,
  message: Message,
): Promise<void> {
  const newsletterId = message.newsletter_id;
  if (!newsletterId || !message.user_id) return;
  const sentAt = (message.sent_at ?? new Date()).toISOString();
  await recordEvent(
    trx,
    createEvent(
      "newsletter.sent",
      { newsletterId, userId: message.user_id, sentAt },
      { correlationId: message.id },
    ),
  );
}
