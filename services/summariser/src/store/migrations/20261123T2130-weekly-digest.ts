import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who follows which channel, kept from catalog's events. An unfollow keeps the row (following false)
  // so a follow that arrives late, older than the unfollow, cannot bring it back.
  await db.schema
    .createTable("follows")
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("youtube_channel_id", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("following", "boolean", (column) => column.notNull())
    .addColumn("followed_at", "timestamptz")
    // The occurredAt of the event that set `following`: an older event changes nothing.
    .addColumn("changed_at", "timestamptz", (column) => column.notNull())
    .addPrimaryKeyConstraint("follows_pkey", ["user_id", "youtube_channel_id"])
    .execute();
  await db.schema
    .createIndex("follows_by_channel")
    .on("follows")
    .columns(["youtube_channel_id"])
    .where(sql.ref("following"), "=", true)
    .execute();

  // Whom a digest goes to and when, kept from auth's, billing's and the mailer's events. Each aspect has
  // the occurredAt of the event that last set it, so events arriving out of order never undo a newer one.
  await db.schema
    .createTable("recipients")
    .addColumn("user_id", "uuid", (column) => column.primaryKey())
    .addColumn("time_zone", "text", (column) => column.notNull().defaultTo("UTC"))
    .addColumn("time_zone_changed_at", "timestamptz")
    // Null until user.registered arrives: no digest is due before then.
    .addColumn("registered_at", "timestamptz")
    .addColumn("trial_ends_at", "timestamptz")
    .addColumn("trial_changed_at", "timestamptz")
    .addColumn("plan_active", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("plan_changed_at", "timestamptz")
    .addColumn("unsubscribed", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("unsubscribed_changed_at", "timestamptz")
    .execute();

  // One row per user and week (or on-demand key): the unique key is what makes one newsletter however
  // often digest.due arrives, and the row is the claim a compose job takes (status, lease, attempts).
  await db.schema
    .createTable("digests")
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("week_key", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('queued', 'composing', 'composed', 'skipped', 'failed')`),
    )
    .addColumn("reason", "text")
    .addColumn("newsletter_id", "uuid")
    // The digest.due slot that queued it; the request's time for one generated on demand.
    .addColumn("slot", "timestamptz", (column) => column.notNull())
    // Monday 09:00 in the user's zone (the request's time on demand): a first digest covers the 7 days before.
    .addColumn("due_at", "timestamptz", (column) => column.notNull())
    // The Monday of the user's week as a local date ("2026-11-23"): the newsletter's label and subject.
    .addColumn("week_start", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("claimed_by", "text")
    .addColumn("lease_until", "timestamptz")
    // Videos published up to this instant were looked at: the next digest starts here.
    .addColumn("covered_until", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("digests_pkey", ["user_id", "week_key"])
    .execute();
  await db.schema.createIndex("digests_by_status").on("digests").columns(["status", "week_key"]).execute();

  // The newsletters as composed and mailed: the dashboard's history.
  await db.schema
    .createTable("newsletters")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull())
    .addColumn("week_key", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("channels", "jsonb", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addColumn("covered_until", "timestamptz", (column) => column.notNull())
    .addUniqueConstraint("newsletters_one_per_digest", ["user_id", "week_key"])
    .execute();
  await db.schema
    .createIndex("newsletters_history")
    .on("newsletters")
    .columns(["user_id", "created_at desc"])
    .execute();
}
