import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import type { MailerDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { SuppressionRepository } from "../store/suppression-repository.ts";

/**
 * Where to write to a new account, and under what name. An address whose earlier account was deleted
 * (suppressed by hash since) takes mail again: its owner signed up anew.
 */
export const recordNewRecipient = (context: MailerContext) =>
  handleOnce<MailerDatabase, "user.registered">(context.db, async (event, { trx }) => {
    const { userId, email, fullName, passwordless } = event.data;
    await new RecipientRepository(trx).save({ userId, email, fullName, passwordless });
    await new SuppressionRepository(trx).liftErased(email);
  });
