import { type Kysely, sql } from "kysely";

/**
 * Money taken from a card, kept when its account is deleted, without anything that names the person:
 * what it was for, the amount, when, and Stripe's payment id (Stripe keeps the invoice, the record tax
 * law asks for), so billing's figures still add up with Stripe's payouts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("retained_payments")
    .addColumn("id", "uuid", (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("stripe_payment_intent_id", "text", (column) => column.notNull().unique())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("paid_at", "timestamptz", (column) => column.notNull())
    .addColumn("retained_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("retained_payments").execute();
}
