import { type Kysely, sql } from "kysely";

/**
 * The accounts a service erased, each as a hash of its id and nothing else: an event about one that
 * arrives afterwards (sent before the erasure, delivered late) is acknowledged and dropped, so it
 * cannot bring back a row the erasure removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("erased_accounts")
    .addColumn("account_hash", "text", (column) => column.primaryKey())
    .addColumn("erased_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("erased_accounts").execute();
}
