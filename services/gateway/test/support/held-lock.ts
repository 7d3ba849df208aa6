import { createDatabase } from "@tubedigest/db";
import { sql } from "kysely";

/** A lock a test holds on a table until it lets go; writers to the table wait meanwhile. */
export interface HeldTableLock {
  /** How many other connections wait for the lock now. */
  waiting(): Promise<number>;
  /** Commits the lock's transaction: the writers go on. */
  release(): Promise<void>;
}

/**
 * Locks `table` of a test schema against writes (SHARE mode: reads go on, inserts and updates wait), from
 * a connection of the test's own, straight to Postgres. For a test that needs work to be in flight at a
 * given moment: whatever writes the table is held mid-transaction until `release`.
 */
export async function lockAgainstWrites(
  database: { url: string; schema: string },
  table: string,
): Promise<HeldTableLock> {
  const holder = createDatabase<Record<string, never>>({ ...database, poolSize: 1 });
  const observer = createDatabase<Record<string, never>>({ ...database, poolSize: 1 });
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let pid = 0;
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const transaction = holder.db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in share mode`.execute(trx);
    pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
    locked();
    await released;
  });
  await Promise.race([lockTaken, transaction]);
  return {
    async waiting() {
      const result = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(
        observer.db,
      );
      return result.rows[0]?.n ?? 0;
    },
    async release() {
      letGo();
      await transaction;
      await holder.close();
      await observer.close();
    },
  };
}
