import type { Message } from "../store/message-repository.ts";
import { MessageRepository } from "../store/message-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import type { TemplateName } from "../templates/template-names.ts";
import type { Review } from "./dispatcher.ts";
import type { MailerContext } from "./mailer-context.ts";
import { renderMail } from "./render-mail.ts";
import { sendTimeRuleOf } from "./send-time-rules.ts";

/**
 * The dispatcher's last look at a message it is about to send: one decided at send time
 * (send-time-rules.ts) is written anew from the account's state now, the row keeping what goes out, or
 * withheld. Any other goes as it is.
 */
export async function reviewBeforeSending(context: MailerContext, message: Message): Promise<Review> {
  const rule = sendTimeRuleOf(message.template);
  const userId = message.user_id;
  if (!rule || message.data === null || userId === null) return { send: message };
  return context.db.transaction().execute(async (trx): Promise<Review> => {
    const recipient = await new RecipientRepository(trx).find(userId);
    if (!recipient) return { send: message };
    const verdict = await rule(context, trx, message.data as never, recipient);
    if ("withhold" in verdict) return verdict;
    const { subject, html, text } = renderMail(context, message.template as TemplateName, verdict.send);
    const content = { subject, html, text, data: verdict.send };
    if (!(await new MessageRepository(trx).rewriteLeased(message, content))) {
      throw new Error("another dispatcher took the message over");
    }
    return { send: { ...message, ...content } };
  });
}
