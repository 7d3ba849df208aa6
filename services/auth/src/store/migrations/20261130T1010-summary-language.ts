import type { Kysely } from "kysely";

/** The language a user wants summaries in (a BCP 47 code); null, as for every existing account, is each video's own. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("summary_language", "text").execute();
}
