import type { Kysely } from "kysely";

/**
 * The trace context of the transaction that wrote an event (its `traceparent`), so the relay's publish,
 * made later and elsewhere, continues the writer's trace. Null for rows written outside any trace.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("trace_context", "jsonb").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("trace_context").execute();
}
