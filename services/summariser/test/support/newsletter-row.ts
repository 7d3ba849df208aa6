import type { Insertable } from "kysely";
import type { NewsletterChannel, NewslettersTable } from "../../src/store/database.ts";

/** A newsletter as the digest stores it once mailed: sent when it was made, covering the week up to then. */
export function sentNewsletterRow(newsletter: {
  id: string;
  userId: string;
  createdAt: Date;
  weekKey: string;
  channels: NewsletterChannel[];
  subject?: string;
  content?: string;
}): Insertable<NewslettersTable> {
  return {
    id: newsletter.id,
    user_id: newsletter.userId,
    week_key: newsletter.weekKey,
    subject: newsletter.subject ?? "Your week",
    content: newsletter.content ?? "# Week",
    channels: JSON.stringify(newsletter.channels),
    created_at: newsletter.createdAt,
    sent_at: newsletter.createdAt,
    covered_until: newsletter.createdAt,
  };
}
