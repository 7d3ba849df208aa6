import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The day (ISO: Monday 1 … Sunday 7) and hour the reader's digest goes out, in their zone; and, after a
  // change made once the new time had passed for the week, that one week's delivery kept at the instant
  // it had before the change (its ISO week key, Monday and instant), so no week is skipped or doubled.
  await db.schema
    .alterTable("recipients")
    .addColumn("delivery_weekday", "smallint", (column) =>
      column.notNull().defaultTo(1).check(sql`delivery_weekday between 1 and 7`),
    )
    .addColumn("delivery_hour", "smallint", (column) =>
      column.notNull().defaultTo(9).check(sql`delivery_hour between 0 and 23`),
    )
    .addColumn("pinned_week_key", "text")
    .addColumn("pinned_week_start", "text")
    .addColumn("pinned_due_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("recipients_pinned_due")
    .on("recipients")
    .column("pinned_due_at")
    .where(sql.ref("pinned_due_at"), "is not", null)
    .execute();
}
