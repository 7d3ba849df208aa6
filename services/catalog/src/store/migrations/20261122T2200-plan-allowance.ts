import { type Kysely, sql } from "kysely";

/**
 * The allowance comes from billing's events, with the moment billing decided it, instead of from a copy
 * of the plan table; `plan` is null once a user has no paid plan (trial ended, subscription expired).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Nothing but tests wrote this table before billing's events filled it, and a row without billing's
  // allowance cannot be honoured: such a user is, as before, on the default allowance.
  await sql`delete from user_plans`.execute(db);
  await db.schema
    .alterTable("user_plans")
    .addColumn("channel_allowance", "integer", (column) =>
      column.notNull().check(sql`channel_allowance >= 0`),
    )
    .addColumn("changed_at", "timestamptz", (column) => column.notNull())
    .alterColumn("plan", (column) => column.dropNotNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from user_plans where plan is null`.execute(db);
  await db.schema
    .alterTable("user_plans")
    .dropColumn("channel_allowance")
    .dropColumn("changed_at")
    .alterColumn("plan", (column) => column.setNotNull())
    .execute();
}
