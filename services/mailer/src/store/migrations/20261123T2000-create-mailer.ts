import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every message the product sends, keyed by what it is (a newsletter, a user's welcome, a sign-in
  // link…): written before any SMTP transaction, so a repeated request or event adds nothing, and marked
  // sent only after the server accepted it.
  await db.schema
    .createTable("messages")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("natural_key", "text", (column) => column.notNull().unique())
    .addColumn("template", "text", (column) => column.notNull())
    .addColumn("recipient", "text", (column) => column.notNull())
    .addColumn("user_id", "uuid")
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("html", "text", (column) => column.notNull())
    .addColumn("text", "text", (column) => column.notNull())
    // Extra headers (List-Unsubscribe, List-Unsubscribe-Post) as a JSON object.
    .addColumn("headers", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed', 'suppressed')`),
    )
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    // While 'sending': the dispatcher holding it; a lapsed lease means it died mid-send.
    .addColumn("lease_until", "timestamptz")
    .addColumn("message_id", "text", (column) => column.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("messages_due")
    .on("messages")
    .column("next_attempt_at")
    .where(sql.ref("status"), "in", sql`('pending', 'sending')`)
    .execute();

  // Addresses no mail goes to: a permanent refusal by their server, or whoever fills it (bounces later).
  await db.schema
    .createTable("suppressions")
    .addColumn("email", "text", (column) => column.primaryKey())
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // What the mailer knows of each account, from auth's and billing's events: where to write, whether
  // they pay, whether they want the digest.
  await db.schema
    .createTable("recipients")
    .addColumn("user_id", "uuid", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    // The canonical spelling (libs/contracts canonicalEmail), for requests that name an address.
    .addColumn("canonical_email", "text", (column) => column.notNull())
    .addColumn("full_name", "text")
    .addColumn("paying", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("unsubscribed_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("recipients_canonical_email")
    .on("recipients")
    .column("canonical_email")
    .execute();

  // The abandonment e-mail's server-side throttle: when each address (canonical) was last sent one.
  await db.schema
    .createTable("abandonment_sends")
    .addColumn("canonical_email", "text", (column) => column.primaryKey())
    .addColumn("sent_at", "timestamptz", (column) => column.notNull())
    .execute();
}
