import type { NewsletterHistoryItem } from "@tubedigest/contracts/newsletters";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { NewsletterRepository } from "../store/newsletter-repository.ts";

/** A page of the user's newsletters, newest first, with how many there are in all. */
export async function newsletterHistory(
  context: SummariserContext,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: NewsletterHistoryItem[]; total: number }> {
  const { newsletters, total } = await new NewsletterRepository(context.db).history(userId, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    items: newsletters.map((newsletter) => ({
      id: newsletter.id,
      subject: newsletter.subject,
      content: newsletter.content,
      sentAt: newsletter.sent_at?.toISOString() ?? null,
      createdAt: newsletter.created_at.toISOString(),
    })),
    total,
  };
}
