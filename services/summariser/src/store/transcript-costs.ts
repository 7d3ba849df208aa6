import { type Kysely, sql } from "kysely";
import type { SummariserDatabase } from "./database.ts";

/** What the paid transcript steps spent in one ISO week (UTC), by when they fetched. */
export interface WeekTranscriptCost {
  /** "2026-W49". */
  weekKey: string;
  usd: number;
}

/** Each week's transcript spending since `since`, newest first; weeks without any are left out. */
export async function transcriptCostsByWeek(
  db: Kysely<SummariserDatabase>,
  since: Date,
): Promise<WeekTranscriptCost[]> {
  const weekKey = sql<string>`to_char(fetched_at at time zone 'UTC', 'IYYY-"W"IW')`;
  const rows = await db
    .selectFrom("transcripts")
    .select([weekKey.as("week_key"), (select) => select.fn.sum<number>("cost_usd").as("usd")])
    .where("fetched_at", ">=", since)
    .where("cost_usd", ">", 0)
    .groupBy(weekKey)
    .orderBy("week_key", "desc")
    .execute();
  return rows.map((row) => ({ weekKey: row.week_key, usd: Number(row.usd) }));
}
