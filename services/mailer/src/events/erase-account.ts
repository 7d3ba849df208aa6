import { forgetAccount, handleOnce } from "@tubedigest/bus";
import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { forgetDeletedAccountMail } from "../domain/forget-deleted-account-mail.ts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { MessageRepository } from "../store/message-repository.ts";

/**
 * A deleted account: everything the mailer keeps about it goes — its recipient row, its latest preview,
 * its reminder throttle, its private feed (the address stops working), and every message to it or about it, sent (the log holds their content) or
 * still waiting (nothing more goes out) — and one confirmation is queued to the address. Its end
 * (`forgetDeletedAccountMail`) suppresses the address by hash and removes that message too. A redelivery
 * is absorbed by the inbox, and events about the account that arrive later are dropped.
 */
export const eraseAccount = (context: MailerContext) =>
  handleOnce<MailerDatabase, "user.deleted">(context.db, async (event, { trx }) => {
    const { userId } = event.data;
    const recipient = await trx
      .selectFrom("recipients")
      .select("canonical_email")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const addresses = [
      ...new Set([canonicalEmail(event.data.email), recipient?.canonical_email ?? ""]),
    ].filter(Boolean);
    await trx
      .deleteFrom("messages")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("recipient", "in", addresses)]))
      .execute();
    await trx.deleteFrom("abandonment_sends").where("canonical_email", "in", addresses).execute();
    await trx.deleteFrom("previews").where("user_id", "=", userId).execute();
    await trx.deleteFrom("feeds").where("user_id", "=", userId).execute();
    await trx.deleteFrom("recipients").where("user_id", "=", userId).execute();
    await forgetAccount(trx, userId);
    // Queued without the account's id: once it has gone out, nothing links the address to the account.
    const naturalKey = `account-deleted:${event.id}`;
    const queued = await queueMail(context, trx, {
      naturalKey,
      template: "account-deleted",
      data: { privacyUrl: context.links.privacy },
      to: event.data.email,
      userId: null,
    });
    // Kept unsent by the limit on mail a request can trigger, it has ended already: what follows its end
    // follows now, or its row would keep the address.
    const unsent = queued === "suppressed" ? await new MessageRepository(trx).lock(naturalKey) : undefined;
    if (unsent) await forgetDeletedAccountMail(trx, unsent);
  });
