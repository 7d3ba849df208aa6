import { type Kysely, sql } from "kysely";

/**
 * What guards an account against whoever is not its owner: when a sign-in link to its address was last
 * followed (a password-less account moves to another address only soon after), failed password sign-ins
 * counted per address (canonical) whether or not it has an account, so the count tells nothing; and the
 * links mailed to an address told apart by what they do (every existing one signs in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("link_signed_in_at", "timestamptz").execute();
  await db.schema
    .alterTable("sign_in_links")
    .addColumn("purpose", "text", (column) => column.notNull().defaultTo("sign-in"))
    .execute();
  await db.schema
    .createTable("sign_in_failures")
    .addColumn("email_canonical", "text", (column) => column.primaryKey())
    .addColumn("failures", "integer", (column) => column.notNull())
    .addColumn("first_failed_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("sign_in_failures_first_failed_at")
    .on("sign_in_failures")
    .column("first_failed_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_failures").execute();
  await db.schema.alterTable("sign_in_links").dropColumn("purpose").execute();
  await db.schema.alterTable("users").dropColumn("link_signed_in_at").execute();
}
