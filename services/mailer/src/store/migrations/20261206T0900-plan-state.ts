import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // What billing's events say of each account's plan, which mail about it is written from: the plan and
  // its name as billing last named them, the day a cancelled plan's access ends, whether it was chosen in
  // test mode (no money moves), and the moment of the event that said so (an older event, arriving late,
  // changes nothing).
  await db.schema
    .alterTable("recipients")
    .addColumn("plan", "text")
    .addColumn("plan_name", "text")
    .addColumn("access_ends_at", "timestamptz")
    .addColumn("test_mode", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("plan_state_at", "timestamptz")
    .execute();
}
