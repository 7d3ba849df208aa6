import { writeToOutbox } from "@tubedigest/bus";
import { createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import type { Message } from "../store/message-repository.ts";

const NEWSLETTER_KEY = /^newsletter:([0-9a-f-]{36})$/;

/**
 * When the SMTP server has accepted a newsletter, its composer is told (`newsletter.sent`, which sets its
 * sentAt), in the transaction that marks the message sent: both or neither.
 */
export async function announceSentNewsletter(
  trx: Transaction<MailerDatabase>,
  message: Message,
): Promise<void> {
  const newsletterId = NEWSLETTER_KEY.exec(message.natural_key)?.[1];
  if (!newsletterId || !message.user_id) return;
  const sentAt = (message.sent_at ?? new Date()).toISOString();
  await writeToOutbox(
    trx,
    createEvent(
      "newsletter.sent",
      { newsletterId, userId: message.user_id, sentAt },
      { correlationId: message.id },
    ),
  );
}
