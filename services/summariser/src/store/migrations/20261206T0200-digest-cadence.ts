import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("recipients")
    // How often the reader wants their digest: once a week on their day and hour, or every day at their hour.
    .addColumn("cadence", "text", (column) =>
      column.notNull().defaultTo("weekly").check(sql`cadence in ('weekly', 'daily')`),
    )
    // Whether the reader's plan includes a daily digest, as billing last said; null until it has said so
    // (the reader is asked billing when they choose daily). A daily cadence stands only while this is true.
    .addColumn("daily_digest", "boolean")
    .execute();
}
