import type { Kysely } from "kysely";
import type { DigestStatus, SummariserDatabase } from "../store/database.ts";
import { DigestRepository } from "../store/digest-repository.ts";

/** How far one week's digests have come: users in all, and in each status. */
export type WeekProgress = { weekKey: string; users: number } & Record<DigestStatus, number>;

/** Each week's progress (or one week's), newest week first: for operators. */
export async function digestProgress(
  db: Kysely<SummariserDatabase>,
  weekKey?: string,
): Promise<WeekProgress[]> {
  const weeks = new Map<string, WeekProgress>();
  for (const count of await new DigestRepository(db).progress(weekKey)) {
    const week = weeks.get(count.weekKey) ?? {
      weekKey: count.weekKey,
      users: 0,
      queued: 0,
      composing: 0,
      composed: 0,
      skipped: 0,
      failed: 0,
    };
    week[count.status] += count.users;
    week.users += count.users;
    weeks.set(count.weekKey, week);
  }
  return [...weeks.values()];
}
