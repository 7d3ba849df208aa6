import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("transcripts")
    // The step of the chain that served it ("youtube-innertube", "gemini", …); null before this, and for a
    // video found to have none.
    .addColumn("served_by", "text")
    // What a paid step spent on it, in US dollars; null where nothing was spent or it was not known.
    .addColumn("cost_usd", "double precision")
    .execute();
}
