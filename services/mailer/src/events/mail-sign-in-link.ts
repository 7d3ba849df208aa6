import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";

/** A sign-in link to the address it was asked for (auth only asks for addresses with an account). */
export const mailSignInLink = (context: MailerContext) =>
  handleOnce<MailerDatabase, "sign-in-link.requested">(context.db, async (event, { trx }) => {
    await queueMail(context, trx, {
      naturalKey: `sign-in-link:${event.id}`,
      template: "sign-in-link",
      data: { link: context.links.signInLink(event.data.token), expiresAt: event.data.expiresAt },
      to: event.data.email,
      userId: event.data.userId,
    });
  });
