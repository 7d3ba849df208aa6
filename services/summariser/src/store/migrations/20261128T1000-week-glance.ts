import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The week at a glance each newsletter opens with: its lines and the videos each cites (by address),
  // as mailed. Null for newsletters made before it.
  await db.schema.alterTable("newsletters").addColumn("glance", "jsonb").execute();
}
