import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";

/**
 * The link that sets a new password, to the address it was asked for (auth only asks for addresses with an
 * account), once per request.
 */
export const mailPasswordReset = (context: MailerContext) =>
  handleOnce<MailerDatabase, "password-reset.requested">(context.db, async (event, { trx }) => {
    await queueMail(context, trx, {
      naturalKey: `password-reset:${event.id}`,
      template: "password-reset",
      data: { link: context.links.passwordReset(event.data.token), expiresAt: event.data.expiresAt },
      to: event.data.email,
      userId: event.data.userId,
    });
  });
