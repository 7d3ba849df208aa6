import type { Kysely } from "kysely";
import type { SummariserDatabase } from "../../src/store/database.ts";

/**
 * The `newsletter.composed` events the summariser's outbox holds for the readers of `userIds`, as the
 * JSON they were written as.
 */
export async function composedEventsOf(db: Kysely<SummariserDatabase>, userIds: readonly string[]) {
  const rows = await db
    .selectFrom("outbox")
    .select("event")
    .where("event_name", "=", "newsletter.composed")
    .execute();
  return rows
    .map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event))
    .filter((event) => userIds.includes(event.data.userId));
}
