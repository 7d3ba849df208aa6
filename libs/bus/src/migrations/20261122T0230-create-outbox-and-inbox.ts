import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "bigint", (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("event_id", "uuid", (column) => column.notNull().unique())
    .addColumn("event_name", "text", (column) => column.notNull())
    .addColumn("event", "jsonb", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("failed_at", "timestamptz")
    .execute();
  // The relay only ever looks for rows still to send, oldest first; sent rows pile up until pruned.
  await db.schema
    .createIndex("outbox_unsent")
    .on("outbox")
    .column("id")
    .where(sql.ref("sent_at"), "is", null)
    .where(sql.ref("failed_at"), "is", null)
    .execute();
  await db.schema
    .createTable("inbox")
    .addColumn("consumer", "text", (column) => column.notNull())
    .addColumn("event_id", "uuid", (column) => column.notNull())
    .addColumn("handled_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("inbox_pkey", ["consumer", "event_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("inbox").execute();
  await db.schema.dropTable("outbox").execute();
}
