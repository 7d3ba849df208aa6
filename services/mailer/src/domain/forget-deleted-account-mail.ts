import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import type { Message } from "../store/message-repository.ts";
import { SuppressionRepository } from "../store/suppression-repository.ts";

/**
 * Once a deleted account's confirmation has ended (sent, or refused, or never tried because the address
 * was already suppressed), its address is suppressed by hash and the message itself goes: after it, the
 * mailer keeps nothing that holds the address. Runs in the transaction that records the message's end.
 */
export async function forgetDeletedAccountMail(
  trx: Transaction<MailerDatabase>,
  message: Message,
): Promise<void> {
  if (message.template !== "account-deleted") return;
  await new SuppressionRepository(trx).suppressErased(message.recipient);
  await trx.deleteFrom("messages").where("id", "=", message.id).execute();
}
