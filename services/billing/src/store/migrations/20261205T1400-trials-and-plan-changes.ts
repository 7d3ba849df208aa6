import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A checkout confirms a payment or, for a plan chosen during the trial, a setup intent: its id either way.
  await db.schema.alterTable("checkouts").renameColumn("payment_intent_id", "intent_id").execute();
  // A move up's payment is taken on the saved card: nothing for a browser to confirm.
  await db.schema
    .alterTable("checkouts")
    .alterColumn("client_secret", (column) => column.dropNotNull())
    .execute();
  // A move to a lower plan, waiting for the end of the period paid at the higher one.
  await db.schema.alterTable("subscriptions").addColumn("scheduled_plan", "text").execute();
}
