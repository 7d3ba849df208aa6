import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every video a reader received in a newsletter, as its text is searched: title, key points (with their
  // moments) and paragraph, weighted in that order in one tsvector that Postgres keeps up to date (English
  // stemming: "ovens" finds "oven"), with a GIN index over it. Rows are written from the newsletters
  // as their reader first searches after receiving them.
  await db.schema
    .createTable("archive_entries")
    .addColumn("newsletter_id", "uuid", (column) => column.notNull())
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("received_at", "timestamptz", (column) => column.notNull())
    .addColumn("channel_title", "text", (column) => column.notNull())
    .addColumn("video_title", "text", (column) => column.notNull())
    .addColumn("video_url", "text", (column) => column.notNull())
    .addColumn("published_at", "timestamptz")
    // [{ text, moment: { label, url } | null }]
    .addColumn("key_points", "jsonb", (column) => column.notNull())
    .addColumn("points_text", "text", (column) => column.notNull())
    .addColumn("paragraph", "text", (column) => column.notNull())
    .addColumn("document", sql`tsvector`, (column) =>
      column
        .generatedAlwaysAs(
          sql`setweight(to_tsvector('english', video_title), 'A') || setweight(to_tsvector('english', points_text), 'B') || setweight(to_tsvector('english', paragraph), 'C')`,
        )
        .stored(),
    )
    .addPrimaryKeyConstraint("archive_entries_pkey", ["newsletter_id", "position"])
    .execute();
  await db.schema
    .createIndex("archive_entries_document")
    .on("archive_entries")
    .using("gin")
    .column("document")
    .execute();
  await db.schema.createIndex("archive_entries_by_user").on("archive_entries").column("user_id").execute();
}
