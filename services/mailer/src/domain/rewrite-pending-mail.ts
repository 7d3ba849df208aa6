import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { MessageRepository } from "../store/message-repository.ts";
import type { TemplateName } from "../templates/template-names.ts";
import type { MailerContext } from "./mailer-context.ts";
import type { MailToQueue } from "./queue-mail.ts";
import { renderMail } from "./render-mail.ts";

/**
 * Renders a queued message anew (same natural key, recipient and Message-ID) and makes it due at
 * `dueAt`, in the caller's transaction, as long as no dispatcher has taken it: it is still sent once.
 * Answers whether it was rewritten.
 */
export async function rewritePendingMail<Name extends TemplateName>(
  context: MailerContext,
  trx: Transaction<MailerDatabase>,
  mail: MailToQueue<Name>,
  dueAt: Date,
): Promise<boolean> {
  const { subject, html, text } = renderMail(context, mail.template, mail.data);
  const content = { subject, html, text, data: mail.data };
  return new MessageRepository(trx).rewritePending(mail.naturalKey, content, dueAt);
}
