import { handleOnce } from "@tubedigest/bus";
import { queueEmailChangeNotice } from "../domain/email-change-notice.ts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";

/**
 * A move to another address: the link goes to the new address, and the current one is told without it
 * (queueEmailChangeNotice). Each once per request.
 */
export const mailEmailChangeRequest = (context: MailerContext) =>
  handleOnce<MailerDatabase, "email-change.requested">(context.db, async (event, { trx }) => {
    const { userId, newEmail, token, expiresAt } = event.data;
    await queueMail(context, trx, {
      naturalKey: `email-change-confirmation:${event.id}`,
      template: "email-change-confirmation",
      data: { link: context.links.confirmEmail(token), expiresAt },
      to: newEmail,
      userId,
    });
    await queueEmailChangeNotice(context, trx, event);
  });
