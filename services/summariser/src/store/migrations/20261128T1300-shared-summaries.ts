import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A video's summary a reader shared by link (/s/{id}): the id is 128 random bits, so a link cannot be
  // guessed from another. What the public page shows is kept as it was shared (title, channel, the summary
  // as mailed); the reader's id is kept only so they can stop sharing it, and is never shown. One link per
  // reader and video.
  await db.schema
    .createTable("shared_summaries")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("video_url", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("channel_title", "text", (column) => column.notNull())
    .addColumn("published_at", "timestamptz")
    .addColumn("summary_markdown", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("shared_summaries_one_per_video", ["user_id", "video_url"])
    .execute();
}
