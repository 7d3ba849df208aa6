import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A message decided at send time keeps the data it was written from: just before it goes, it is
  // written anew from that and the account's state then, or withheld. Null for every other message.
  await db.schema.alterTable("messages").addColumn("data", "jsonb").execute();
}
