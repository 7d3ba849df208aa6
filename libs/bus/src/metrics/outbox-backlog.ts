import { type Kysely, sql } from "kysely";
import type { BusTables } from "../bus-tables.ts";

/** What the relay has still to publish. */
export interface OutboxBacklog {
  pending: number;
  /** 0 when nothing is pending. */
  oldestAgeSeconds: number;
}

/**
 * Reads the backlog through the relay's own partial index (unsent, not failed): a count over it, and the
 * row it would publish first. Rows set aside as breaking their contract are not pending: no relay will
 * ever publish them.
 */
export async function readOutboxBacklog(db: Kysely<BusTables>): Promise<OutboxBacklog> {
  const { rows } = await sql<{ pending: number; oldest_age_seconds: number | null }>`
    select
      (select count(*)::int from outbox where sent_at is null and failed_at is null) as pending,
      (select extract(epoch from now() - created_at)::float8 from outbox
        where sent_at is null and failed_at is null order by id limit 1) as oldest_age_seconds
  `.execute(db);
  const row = rows[0];
  return { pending: row?.pending ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest_age_seconds ?? 0) };
}
