import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // When each address was sent mail a request can trigger (a sign-in link, an address move's mails, a
  // password notice…), for the hour that limits them. The address is kept as a hash of its canonical
  // spelling: the count must outlast a deleted account (or deleting and signing up again would start it
  // over), and a deleted account's address is never kept in plain. Rows older than the hour are dropped.
  await db.schema
    .createTable("request_mails")
    .addColumn("address_hash", "text", (column) => column.notNull())
    .addColumn("sent_at", "timestamptz", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("request_mails_address")
    .on("request_mails")
    .columns(["address_hash", "sent_at"])
    .execute();
  await db.schema.createIndex("request_mails_sent_at").on("request_mails").column("sent_at").execute();
}
