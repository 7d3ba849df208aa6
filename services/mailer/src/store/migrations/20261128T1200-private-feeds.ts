import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each reader's private Atom feed of their digests: the secret its address carries (256 random bits,
  // base64url). A reset replaces it, so the old address stops working; turning the feed off deletes it.
  await db.schema
    .createTable("feeds")
    .addColumn("user_id", "uuid", (column) => column.primaryKey())
    .addColumn("token", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // The digests a feed lists: a reader's sent newsletters, newest first.
  await db.schema
    .createIndex("messages_sent_digests")
    .on("messages")
    .columns(["user_id", "sent_at"])
    .where(sql.ref("template"), "=", "digest")
    .execute();
}
