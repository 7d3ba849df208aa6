import type { StoredGlanceLine } from "@tubedigest/contracts/digest";
import type { Kysely, Selectable } from "kysely";
import type { NewsletterChannel, NewslettersTable, SummariserDatabase } from "./database.ts";

export type NewsletterRow = Selectable<NewslettersTable>;

/** A newsletter to store. */
export interface NewNewsletter {
  id: string;
  userId: string;
  weekKey: string;
  subject: string;
  content: string;
  channels: NewsletterChannel[];
  glance: StoredGlanceLine[];
  /** The reader's focus it was ordered for; null for none. */
  focus: string | null;
  coveredUntil: Date;
  createdAt: Date;
}

/** The newsletters composed for each user: what was mailed, and the dashboard's history. */
export class NewsletterRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  /**
   * Stores the newsletters in one statement; answers the ids of those stored (not one whose user's digest
   * of that key has one already).
   */
  async insertEach(newsletters: readonly NewNewsletter[]): Promise<Set<string>> {
    if (newsletters.length === 0) return new Set();
    const inserted = await this.db
      .insertInto("newsletters")
      .values(
        newsletters.map((newsletter) => ({
          id: newsletter.id,
          user_id: newsletter.userId,
          week_key: newsletter.weekKey,
          subject: newsletter.subject,
          content: newsletter.content,
          channels: JSON.stringify(newsletter.channels),
          glance: JSON.stringify(newsletter.glance),
          focus: newsletter.focus,
          covered_until: newsletter.coveredUntil,
          created_at: newsletter.createdAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "week_key"]).doNothing())
      .returning("id")
      .execute();
    return new Set(inserted.map((row) => row.id));
  }

  /** One newsletter by its id, whoever's it is: the caller decides who may read it. */
  find(id: string): Promise<NewsletterRow | undefined> {
    return this.db.selectFrom("newsletters").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A page of the user's newsletters, newest first, and how many there are in all. */
  async history(
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ newsletters: NewsletterRow[]; total: number }> {
    const [newsletters, count] = await Promise.all([
      this.db
        .selectFrom("newsletters")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom("newsletters")
        .select((eb) => eb.fn.countAll<string>().as("total"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { newsletters, total: Number(count.total) };
  }

  /** Records when the mailer's SMTP server took it; false when that was recorded already. */
  async markSent(newsletterId: string, sentAt: Date): Promise<{ dueAt: Date | null } | null> {
    const marked = await this.db
      .updateTable("newsletters")
      .set({ sent_at: sentAt })
      .where("id", "=", newsletterId)
      .where("sent_at", "is", null)
      .returning((update) =>
        update
          .selectFrom("digests")
          .select("digests.due_at")
          .whereRef("digests.newsletter_id", "=", "newsletters.id")
          .limit(1)
          .as("due_at"),
      )
      .executeTakeFirst();
    return marked ? { dueAt: marked.due_at ?? null } : null;
  }
}
