import { type Kysely, sql } from "kysely";

/**
 * Archive search finds only newsletters the reader received. Those indexed before that rule but never
 * mailed (the reader unsubscribed before they went) leave the index; one the mailer later reports sent
 * is indexed again at the reader's next search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from archive_entries e
    using newsletters n
    where n.id = e.newsletter_id and n.sent_at is null
  `.execute(db);
}
