import type { EventEnvelope } from "@tubedigest/contracts";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { MailerContext } from "./mailer-context.ts";
import { queueMail } from "./queue-mail.ts";

/**
 * Tells an account's current address that a move to another was asked for, without any link, so its
 * owner hears of a move they did not ask for. The same notice whether the address asked for was free
 * (its link went there) or another account's (its owner was told instead): the one asking cannot tell
 * from their own inbox which addresses have accounts. Once per request.
 */
export async function queueEmailChangeNotice(
  context: MailerContext,
  trx: Transaction<MailerDatabase>,
  event: EventEnvelope<"email-change.requested" | "email-change.address-taken">,
): Promise<void> {
  const { userId, currentEmail, newEmail } = event.data;
  const recipient = await new RecipientRepository(trx).find(userId);
  await queueMail(context, trx, {
    naturalKey: `email-change-notice:${event.id}`,
    template: "email-change-notice",
    data: {
      recipientName: recipient?.full_name ?? null,
      newEmail,
      requestedAt: event.occurredAt,
      settingsUrl: context.links.settings,
    },
    to: currentEmail,
    userId,
  });
}
