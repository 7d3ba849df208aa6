import type { EventHandler } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { NewsletterRepository } from "../store/newsletter-repository.ts";

/**
 * Records when the mailer's SMTP server took a newsletter: the history's sent date. One statement, with
 * no inbox around it: the mark is set only where none is, so a redelivered event changes nothing, and an
 * erased account's newsletters are gone, so an event about one marks nothing. The inbox's transaction
 * would add three statements to every digest of a Monday.
 */
export function recordNewsletterSent(context: SummariserContext): EventHandler<"newsletter.sent"> {
  return async (event, { log }) => {
    const sentAt = new Date(event.data.sentAt);
    const marked = await new NewsletterRepository(context.db).markSent(event.data.newsletterId, sentAt);
    if (marked) {
      const lateSeconds = marked.dueAt
        ? Math.max(0, (sentAt.getTime() - marked.dueAt.getTime()) / 1000)
        : null;
      context.metrics.newsletterSent(lateSeconds);
    } else log.info({ newsletterId: event.data.newsletterId }, "newsletter already marked sent, or unknown");
  };
}
