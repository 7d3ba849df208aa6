import { handleOnce } from "@tubedigest/bus";
import { queueEmailChangeNotice } from "../domain/email-change-notice.ts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";

/**
 * A move asked for to an address another account already has. The current address gets the notice a move
 * to a free address gets, and the taken address's owner is told that nothing changed, with a way to sign
 * in and no link that changes anything. Each once per request.
 */
export const mailEmailChangeAddressTaken = (context: MailerContext) =>
  handleOnce<MailerDatabase, "email-change.address-taken">(context.db, async (event, { trx }) => {
    await queueMail(context, trx, {
      naturalKey: `email-change-address-taken:${event.id}`,
      template: "email-change-address-taken",
      data: { requestedAt: event.occurredAt, signInLinkUrl: context.links.signInLinkRequest },
      to: event.data.newEmail,
      userId: event.data.userId,
    });
    await queueEmailChangeNotice(context, trx, event);
  });
