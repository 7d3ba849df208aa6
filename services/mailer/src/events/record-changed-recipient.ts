import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import type { MailerDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

/** A profile's new address or name is the one later mail uses. */
export const recordChangedRecipient = (context: MailerContext) =>
  handleOnce<MailerDatabase, "user.updated">(context.db, async (event, { trx }) => {
    const { userId, email, fullName } = event.data;
    await new RecipientRepository(trx).save({ userId, email, fullName });
  });
