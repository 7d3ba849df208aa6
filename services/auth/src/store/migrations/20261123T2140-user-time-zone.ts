import { type Kysely, sql } from "kysely";

/**
 * The IANA zone a user's weekly digest is timed in (Monday 09:00 there), captured by the browser at
 * sign-up and changed on the profile. Existing accounts, which nobody asked, are on UTC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("time_zone", "text", (column) => column.notNull().defaultTo(sql`'UTC'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
