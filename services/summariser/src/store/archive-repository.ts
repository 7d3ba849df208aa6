import { type Kysely, sql } from "kysely";
import type { ArchivePoint, NewsletterChannel, SummariserDatabase } from "./database.ts";

/** A newsletter video as it is indexed. */
export interface ArchiveEntry {
  newsletterId: string;
  position: number;
  receivedAt: Date;
  channelTitle: string;
  videoTitle: string;
  videoUrl: string;
  publishedAt: Date | null;
  keyPoints: ArchivePoint[];
  paragraph: string;
}

/** A search result: the video, and the key point that matched best, or a piece of the paragraph. */
export interface ArchiveMatch {
  newsletterId: string;
  receivedAt: Date;
  channelTitle: string;
  videoTitle: string;
  videoUrl: string;
  publishedAt: Date | null;
  keyPoint: ArchivePoint | null;
  excerpt: string | null;
}

/** The English text search configuration both Postgres and the embedded PGlite ship. */
const CONFIG = sql.lit("english");

/**
 * The reader's archive as Postgres full-text search reads it: one row per video of each newsletter they
 * received, with a weighted tsvector (title, then key points, then paragraph) under a GIN index.
 */
export class ArchiveRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  /**
   * The reader's newsletters received and not indexed yet, oldest first, with what they hold. One made
   * but never mailed (the reader unsubscribed before it went) is not theirs to search; it is indexed once
   * the mailer reports it sent.
   */
  unindexed(userId: string): Promise<{ id: string; sent_at: Date; channels: NewsletterChannel[] }[]> {
    return this.db
      .selectFrom("newsletters")
      .select(["id", "sent_at", "channels"])
      .where("user_id", "=", userId)
      .where("sent_at", "is not", null)
      .$narrowType<{ sent_at: Date }>()
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("archive_entries")
              .select("position")
              .whereRef("archive_entries.newsletter_id", "=", "newsletters.id"),
          ),
        ),
      )
      .orderBy("sent_at")
      .execute();
  }

  /** Indexes one newsletter's videos; indexing it again adds nothing. */
  async add(userId: string, entries: readonly ArchiveEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto("archive_entries")
      .values(
        entries.map((entry) => ({
          newsletter_id: entry.newsletterId,
          position: entry.position,
          user_id: userId,
          received_at: entry.receivedAt,
          channel_title: entry.channelTitle,
          video_title: entry.videoTitle,
          video_url: entry.videoUrl,
          published_at: entry.publishedAt,
          key_points: JSON.stringify(entry.keyPoints),
          points_text: entry.keyPoints.map((point) => point.text).join("\n"),
          paragraph: entry.paragraph,
        })),
      )
      .onConflict((conflict) => conflict.columns(["newsletter_id", "position"]).doNothing())
      .execute();
  }

  /**
   * The reader's videos matching `query` (web-search syntax: words, "a phrase", -not), best first (title
   * matches weigh most), newest first among equals; each with its best-matching key point, or, when the
   * match is elsewhere, a piece of the paragraph around it.
   */
  async search(userId: string, query: string, limit: number): Promise<ArchiveMatch[]> {
    const q = sql`websearch_to_tsquery(${CONFIG}, ${query})`;
    const rows = await this.db
      .selectFrom("archive_entries as e")
      .select([
        "e.newsletter_id",
        "e.received_at",
        "e.channel_title",
        "e.video_title",
        "e.video_url",
        "e.published_at",
        sql<ArchivePoint | null>`(
          select point from jsonb_array_elements(e.key_points) with ordinality as k(point, n)
          where to_tsvector(${CONFIG}, point->>'text') @@ ${q}
          order by ts_rank(to_tsvector(${CONFIG}, point->>'text'), ${q}) desc, n
          limit 1
        )`.as("key_point"),
        sql<string>`ts_headline(${CONFIG}, e.paragraph, ${q}, 'MaxWords=30, MinWords=12, StartSel="", StopSel=""')`.as(
          "excerpt",
        ),
      ])
      .where("e.user_id", "=", userId)
      .where(sql<boolean>`e.document @@ ${q}`)
      .orderBy(sql`ts_rank(e.document, ${q})`, "desc")
      .orderBy("e.received_at", "desc")
      .orderBy("e.position")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      newsletterId: row.newsletter_id,
      receivedAt: row.received_at,
      channelTitle: row.channel_title,
      videoTitle: row.video_title,
      videoUrl: row.video_url,
      publishedAt: row.published_at,
      keyPoint: row.key_point,
      excerpt: row.key_point ? null : row.excerpt || null,
    }));
  }
}
