import type { Kysely } from "kysely";

/**
 * A reader's pause of the weekly digest, from auth's `digest.paused` / `digest.resumed`: paused until a
 * date in their own zone (`YYYY-MM-DD`, the first day a digest may come again) or until resumed, and when
 * they last resumed, so a Monday that passed while paused is not sent late. `pause_changed_at` is the
 * `occurredAt` of the event that set them, as for the other aspects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("recipients")
    .addColumn("digest_paused", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("digest_paused_until", "text")
    .addColumn("digest_resumed_at", "timestamptz")
    .addColumn("pause_changed_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("recipients")
    .dropColumn("pause_changed_at")
    .dropColumn("digest_resumed_at")
    .dropColumn("digest_paused_until")
    .dropColumn("digest_paused")
    .execute();
}
