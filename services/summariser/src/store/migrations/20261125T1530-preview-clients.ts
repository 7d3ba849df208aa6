import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which channels each client (an address, or an IPv6 network) previewed in the last day: the preview's
  // daily cap of new channels counts these. Rows older than a day are deleted as previews go by.
  await db.schema
    .createTable("preview_clients")
    .addColumn("client", "text", (column) => column.notNull())
    .addColumn("youtube_channel_id", "text", (column) => column.notNull())
    .addColumn("previewed_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("preview_clients_pkey", ["client", "youtube_channel_id"])
    .execute();
  await db.schema
    .createIndex("preview_clients_by_time")
    .on("preview_clients")
    .column("previewed_at")
    .execute();
}
