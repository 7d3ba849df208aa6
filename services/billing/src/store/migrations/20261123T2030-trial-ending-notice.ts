import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the "trial ends in two days" event was written, so it is written once per account.
  await db.schema.alterTable("accounts").addColumn("trial_ending_noticed_at", "timestamptz").execute();
}
