import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the reader cares about, in their own words: it orders their digest and shapes its glance. Null
  // for none. The newsletter keeps the focus it was ordered for, as its page and e-mail show it.
  await db.schema.alterTable("recipients").addColumn("focus", "text").execute();
  await db.schema.alterTable("newsletters").addColumn("focus", "text").execute();
}
