import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { NewsletterRepository } from "../store/newsletter-repository.ts";

/** Records when the mailer's SMTP server took a newsletter: the history's sent date. */
export function recordNewsletterSent(context: SummariserContext): EventHandler<"newsletter.sent"> {
  return handleOnce<SummariserDatabase, "newsletter.sent">(context.db, async (event, { trx, log }) => {
    const marked = await new NewsletterRepository(trx).markSent(
      event.data.newsletterId,
      new Date(event.data.sentAt),
    );
    if (marked) context.metrics.newsletterSent();
    else log.info({ newsletterId: event.data.newsletterId }, "newsletter already marked sent, or unknown");
  });
}
