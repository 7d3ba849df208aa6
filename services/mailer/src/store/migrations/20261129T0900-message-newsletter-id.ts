import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The newsletter a message delivers, said by whoever queued it: once the SMTP server takes the message,
  // its composer is told (`newsletter.sent`). Null for every other message.
  await db.schema.alterTable("messages").addColumn("newsletter_id", "uuid").execute();
  // Digests queued before the column carried the newsletter's id only in their key, `newsletter:<id>`;
  // the key stays as it is (it keeps a newsletter from being queued twice).
  await sql`
    update messages
    set newsletter_id = substring(natural_key from 12)::uuid
    where natural_key ~ '^newsletter:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  `.execute(db);
}
