import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A landing-page sign-up's welcome waits a little, so that a visitor who leaves the preview meanwhile
  // gets one message worded for both (rendered again then, which needs the trial's end).
  await db.schema
    .alterTable("recipients")
    .addColumn("passwordless", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("trial_ends_at", "timestamptz")
    .execute();
  // The preview's first channel (a public YouTube id) for the e-mail's link back to it; and a reminder
  // asked for before the account's welcome was queued, which the welcome then carries.
  await db.schema
    .alterTable("previews")
    .addColumn("channel_id", "text")
    .addColumn("reminder_owed_at", "timestamptz")
    .execute();
}
