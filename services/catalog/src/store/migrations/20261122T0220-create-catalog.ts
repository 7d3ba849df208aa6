import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("channels")
    .addColumn("youtube_channel_id", "text", (column) => column.primaryKey())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("thumbnail_url", "text", (column) => column.notNull())
    // Null when the channel hides its subscriber count.
    .addColumn("subscriber_count", "bigint")
    .addColumn("uploads_playlist_id", "text")
    .addColumn("details_refreshed_at", "timestamptz", (column) => column.notNull())
    .addColumn("uploads_checked_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("follows")
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("youtube_channel_id", "text", (column) =>
      column.notNull().references("channels.youtube_channel_id"),
    )
    .addColumn("followed_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("follows_pkey", ["user_id", "youtube_channel_id"])
    .execute();
  await db.schema.createIndex("follows_channel").on("follows").column("youtube_channel_id").execute();

  await db.schema
    .createTable("videos")
    .addColumn("youtube_video_id", "text", (column) => column.primaryKey())
    .addColumn("youtube_channel_id", "text", (column) =>
      column.notNull().references("channels.youtube_channel_id"),
    )
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("published_at", "timestamptz", (column) => column.notNull())
    // Null while YouTube has no duration (an upcoming premiere).
    .addColumn("duration_seconds", "integer")
    .addColumn("thumbnail_url", "text", (column) => column.notNull())
    .addColumn("is_short", "boolean", (column) => column.notNull())
    .addColumn("live_status", "text", (column) =>
      column.notNull().check(sql`live_status in ('none', 'live', 'upcoming')`),
    )
    .addColumn("detected_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("videos_channel_published")
    .on("videos")
    .columns(["youtube_channel_id", "published_at"])
    .execute();

  await db.schema
    .createTable("quota_ledger")
    .addColumn("day", "text", (column) => column.primaryKey())
    .addColumn("search_units", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("lookup_units", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("upload_units", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("exhausted_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("user_plans")
    .addColumn("user_id", "uuid", (column) => column.primaryKey())
    .addColumn("plan", "text", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["user_plans", "quota_ledger", "videos", "follows", "channels"]) {
    await db.schema.dropTable(table).execute();
  }
}
