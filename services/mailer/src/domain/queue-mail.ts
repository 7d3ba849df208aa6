import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import type { Transaction } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import { MessageRepository } from "../store/message-repository.ts";
import type { TemplateData } from "../templates/template-data.ts";
import type { TemplateName } from "../templates/template-names.ts";
import { mailHeaders } from "./mail-headers.ts";
import type { MailerContext } from "./mailer-context.ts";
import { renderMail } from "./render-mail.ts";
import { countRequestMail, OVER_REQUEST_MAIL_LIMIT, overRequestMailLimit } from "./request-mail-limit.ts";
import { decidedAtSendTime } from "./send-time-rules.ts";

/** A message to queue: what it is (its natural key), its template and data, and to whom. */
export interface MailToQueue<Name extends TemplateName> {
  naturalKey: string;
  template: Name;
  data: TemplateData[Name];
  to: string;
  userId: string | null;
  /** When it may go out; at once when absent. */
  dueAt?: Date;
  /**
   * The newsletter it delivers, when it is one: once the SMTP server takes it, its composer is told
   * (`newsletter.sent`, see announceSentNewsletters).
   */
  newsletterId?: string;
}

/**
 * What queueMail did: queued the message to go out, recorded it unsent (over the limit on mail a request
 * can trigger), or nothing, the message being queued already.
 */
export type QueueOutcome = "queued" | "suppressed" | "already-queued";

/**
 * Renders a message and queues it for the dispatcher, in the caller's transaction. `naturalKey` says what
 * the message is (a newsletter's id, a user's welcome, one sign-in link): a second request or event with
 * the same key queues nothing, so nothing is sent twice. Its headers follow from its template (mailHeaders). The recipient is kept canonical, the spelling
 * the suppression list compares and the SMTP envelope carries. Mail a request can trigger past its
 * limit for the address (request-mail-limit.ts) is recorded with why, and never sent. Mail about the
 * account's state keeps its data, to be decided again when it goes out (send-time-rules.ts).
 */
export async function queueMail<Name extends TemplateName>(
  context: MailerContext,
  trx: Transaction<MailerDatabase>,
  mail: MailToQueue<Name>,
): Promise<QueueOutcome> {
  const rendered = renderMail(context, mail.template, mail.data);
  const recipient = canonicalEmail(mail.to);
  const now = context.now();
  const overLimit = await overRequestMailLimit(trx, mail.template, recipient, now);
  const queued = await new MessageRepository(trx, context.mailDomain).enqueue({
    naturalKey: mail.naturalKey,
    template: mail.template,
    recipient,
    userId: mail.userId,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: mailHeaders(context, mail.template, mail.data),
    ...(mail.dueAt ? { dueAt: mail.dueAt } : {}),
    ...(mail.newsletterId ? { newsletterId: mail.newsletterId } : {}),
    ...(overLimit ? { suppressed: OVER_REQUEST_MAIL_LIMIT } : {}),
    ...(decidedAtSendTime(mail.template) ? { data: mail.data } : {}),
  });
  if (!queued) return "already-queued";
  if (overLimit) {
    context.log.warn({ template: mail.template, naturalKey: mail.naturalKey }, OVER_REQUEST_MAIL_LIMIT);
    return "suppressed";
  }
  await countRequestMail(trx, mail.template, recipient, now);
  return "queued";
}
