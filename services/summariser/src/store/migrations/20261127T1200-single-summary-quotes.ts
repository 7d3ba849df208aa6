import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A purchase now starts as a price shown (a quote, "quoted", which expires) and is charged only once the
  // subscriber confirms it; the columns keep what was shown, so the confirmed price is the one held.
  await sql`alter table single_video_orders drop constraint single_video_orders_status_check`.execute(db);
  await sql`alter table single_video_orders add constraint single_video_orders_status_check
    check (status in ('quoted', 'placing', 'requested', 'delivered', 'failed'))`.execute(db);
  await db.schema
    .alterTable("single_video_orders")
    // The length the price was decided by, and the price: null on purchases made before prices were shown.
    .addColumn("duration_seconds", "integer")
    .addColumn("amount_cents", "integer")
    .addColumn("quote_expires_at", "timestamptz")
    .addColumn("confirmed_at", "timestamptz")
    // A test charge (test mode), which takes no money; known once billing holds the price.
    .addColumn("test_mode", "boolean")
    // When the worker started on the summary: "summarising" rather than "queued" in the dashboard.
    .addColumn("started_at", "timestamptz")
    // The summary as it was mailed, shown in the dashboard.
    .addColumn("summary_markdown", "text")
    .execute();
  // The dashboard's list: a subscriber's purchases, newest first.
  await db.schema
    .createIndex("single_video_orders_by_user")
    .on("single_video_orders")
    .columns(["user_id", "created_at"])
    .execute();
}
