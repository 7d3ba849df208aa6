import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A complaint report names the message complained of by its Message-ID: found without reading every
  // message ever sent.
  await db.schema.createIndex("messages_message_id").on("messages").column("message_id").execute();
}
