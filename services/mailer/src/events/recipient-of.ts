import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { type Recipient, RecipientRepository } from "../store/recipient-repository.ts";

/** The account's sign-up has not reached the mailer yet (its queue is behind): the bus tries again. */
export class RecipientNotYetKnownError extends Error {
  constructor(userId: string) {
    super(`no recipient ${userId} yet`);
    this.name = "RecipientNotYetKnownError";
  }
}

/**
 * The recipient an event about a user writes to; thrown for retry when their sign-up is still on its way.
 * With `lock`, held until the transaction ends.
 */
export async function recipientOf(
  trx: Transaction<MailerDatabase>,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Recipient> {
  const recipients = new RecipientRepository(trx);
  const recipient = await (options.lock ? recipients.lock(userId) : recipients.find(userId));
  if (!recipient) throw new RecipientNotYetKnownError(userId);
  return recipient;
}
