import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // What catalog said of a video, kept so each video is asked about once (1 YouTube unit each).
  await db.schema
    .createTable("videos")
    .addColumn("video_id", "text", (column) => column.primaryKey())
    .addColumn("channel_id", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("published_at", "timestamptz", (column) => column.notNull())
    .addColumn("duration_seconds", "integer")
    .addColumn("live_status", "text", (column) => column.notNull())
    .addColumn("is_short", "boolean", (column) => column.notNull())
    .addColumn("fetched_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // A video's captions, or the knowledge that it has none (segments null), fetched once.
  await db.schema
    .createTable("transcripts")
    .addColumn("video_id", "text", (column) => column.primaryKey())
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("language", "text")
    .addColumn("kind", "text")
    .addColumn("segments", "jsonb")
    .addColumn("fetched_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // One summary per (video, writer version), shared by every preview, newsletter and reader. The row is
  // also the claim: whoever inserts it (or takes over an expired lease) is the one who calls the model.
  await db.schema
    .createTable("summaries")
    .addColumn("video_id", "text", (column) => column.notNull())
    .addColumn("version", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('pending', 'ready', 'failed')`),
    )
    .addColumn("claimed_by", "text")
    .addColumn("lease_until", "timestamptz")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("key_points", "jsonb")
    .addColumn("paragraph", "text")
    .addColumn("language", "text")
    .addColumn("basis", "text")
    .addColumn("model", "text")
    .addColumn("prompt_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("completion_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("llm_calls", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("failure_reason", "text")
    // A failed summary is tried again after this (soon for an outage, a day for the video's own reasons).
    .addColumn("retry_after", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .addPrimaryKeyConstraint("summaries_pkey", ["video_id", "version"])
    .execute();

  // A subscriber's purchase of one video's summary, from the held charge to the e-mail.
  await db.schema
    .createTable("single_video_orders")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("video_id", "text", (column) => column.notNull())
    // Null while billing is being asked for the charge.
    .addColumn("hold_id", "uuid")
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('placing', 'requested', 'delivered', 'failed')`),
    )
    .addColumn("failure_reason", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  // One purchase of a video under way per subscriber: a double click or a retried request is the same one.
  await db.schema
    .createIndex("single_video_orders_one_open")
    .on("single_video_orders")
    .columns(["user_id", "video_id"])
    .unique()
    .where(sql.ref("status"), "in", sql`('placing', 'requested')`)
    .execute();
}
