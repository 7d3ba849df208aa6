import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each reader's generation of unsubscribe links: a link carries the generation it was signed for and
  // works while that is still the reader's. Securing the account moves it on, so a link someone copied
  // while they held the account stops working. Links signed before generations existed are of the first.
  await db.schema
    .alterTable("recipients")
    .addColumn("unsubscribe_generation", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
