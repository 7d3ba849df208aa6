import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import { queueMail } from "../domain/queue-mail.ts";
import type { MailerDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

/** The address is told its account's password was set or changed, once per change. */
export const mailPasswordChanged = (context: MailerContext) =>
  handleOnce<MailerDatabase, "password.changed">(context.db, async (event, { trx }) => {
    const recipient = await new RecipientRepository(trx).find(event.data.userId);
    await queueMail(context, trx, {
      naturalKey: `password-changed:${event.id}`,
      template: "password-changed",
      data: {
        recipientName: recipient?.full_name ?? null,
        firstPassword: event.data.firstPassword,
        changedAt: event.occurredAt,
        signInLinkUrl: context.links.signInLinkRequest,
      },
      to: event.data.email,
      userId: event.data.userId,
    });
  });
