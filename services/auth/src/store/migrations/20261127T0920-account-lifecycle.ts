import { type Kysely, sql } from "kysely";

/**
 * What settings change about an account beyond its profile: a move to another address waits for the link
 * mailed there (`email_changes`, only the token's hash kept), and the weekly digest may be paused, until
 * a date in the reader's zone (`YYYY-MM-DD`, kept as written) or until resumed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("email_changes")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("email_changes_user_id").on("email_changes").column("user_id").execute();
  await db.schema
    .alterTable("users")
    .addColumn("digest_paused", "boolean", (column) => column.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable("users").addColumn("digest_paused_until", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("digest_paused_until").execute();
  await db.schema.alterTable("users").dropColumn("digest_paused").execute();
  await db.schema.dropTable("email_changes").execute();
}
