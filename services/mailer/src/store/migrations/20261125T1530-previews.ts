import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each account's latest newsletter preview, from the summariser's preview.shown: the abandonment
  // e-mail is written from it (the channel's title and the points of the summary shown), never from
  // what a browser sends.
  await db.schema
    .createTable("previews")
    .addColumn("user_id", "uuid", (column) => column.primaryKey())
    .addColumn("channel_title", "text")
    .addColumn("bullets", "jsonb", (column) => column.notNull())
    .addColumn("shown_at", "timestamptz", (column) => column.notNull())
    .execute();
}
