import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("user_id", "uuid", (column) => column.primaryKey())
    // The canonical spelling (libs/contracts canonicalEmail): a checkout without a session finds its account by it.
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("trial_ends_at", "timestamptz", (column) => column.notNull())
    // Set when the trial is over: by its end passing, or by a payment before then.
    .addColumn("trial_ended_at", "timestamptz")
    .addColumn("stripe_customer_id", "text", (column) => column.unique())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("accounts_trial_due")
    .on("accounts")
    .column("trial_ends_at")
    .where(sql.ref("trial_ended_at"), "is", null)
    .execute();

  // One row per user however often they subscribe, switch or lapse: a user never has two subscriptions.
  await db.schema
    .createTable("subscriptions")
    .addColumn("user_id", "uuid", (column) => column.primaryKey().references("accounts.user_id"))
    .addColumn("plan", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("test_mode", "boolean", (column) => column.notNull())
    .addColumn("stripe_subscription_id", "text", (column) => column.unique())
    .addColumn("current_period_end", "timestamptz", (column) => column.notNull())
    .addColumn("cancel_at_period_end", "boolean", (column) => column.notNull().defaultTo(false))
    // The card Stripe saved at checkout, charged off-session for single-video summaries.
    .addColumn("default_payment_method", "text")
    .addColumn("end_reason", "text")
    .addColumn("activated_at", "timestamptz", (column) => column.notNull())
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .execute();

  // A payment the browser is asked to confirm: a new subscription's first invoice, or a plan switch's.
  await db.schema
    .createTable("checkouts")
    .addColumn("payment_intent_id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("accounts.user_id"))
    .addColumn("plan", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("stripe_subscription_id", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("client_secret", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addColumn("completed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("checkouts_user").on("checkouts").column("user_id").execute();

  // Stripe delivers a webhook at least once, sometimes twice at the same time: each id is acted on once.
  await db.schema
    .createTable("stripe_events")
    .addColumn("event_id", "text", (column) => column.primaryKey())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("received_at", "timestamptz", (column) => column.notNull())
    .execute();

  // A single-video summary's charge: held on the card before the work, captured or released after it.
  await db.schema
    .createTable("holds")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("accounts.user_id"))
    // The caller's key for the purchase, so a retried request places no second hold.
    .addColumn("hold_key", "text", (column) => column.notNull())
    .addColumn("video_id", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("test_mode", "boolean", (column) => column.notNull())
    .addColumn("payment_intent_id", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addColumn("settled_at", "timestamptz")
    .addUniqueConstraint("holds_user_key", ["user_id", "hold_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["holds", "stripe_events", "checkouts", "subscriptions", "accounts"]) {
    await db.schema.dropTable(table).execute();
  }
}
