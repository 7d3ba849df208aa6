import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import type { Message } from "../store/message-repository.ts";

/**
 * When the SMTP server has accepted messages queued as newsletters' deliveries (their `newsletter_id`, see
 * mailDigest), each newsletter's composer is told (`newsletter.sent`, which sets its sentAt), in the
 * transaction that marks the messages sent: both or neither, the events in one statement. Any other
 * message announces nothing.
 */
export async function announceSentNewsletters(
  recordEvents: (trx: Transaction<MailerDatabase>, ...events: readonly AnyEvent[]) => Promise<void>,
  trx: Transaction<MailerDatabase>,
  messages: readonly Message[],
): Promise<void> {
  const events = messages.flatMap((message) => {
    const newsletterId = message.newsletter_id;
    if (!newsletterId || !message.user_id) return [];
    const sentAt = (message.sent_at ?? new Date()).toISOString();
    return [
      createEvent(
        "newsletter.sent",
        { newsletterId, userId: message.user_id, sentAt },
        { correlationId: message.id },
      ),
    ];
  });
  await recordEvents(trx, ...events);
}
