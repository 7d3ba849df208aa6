import { createDatabase } from "@tubedigest/db";
import { type RawBuilder, sql } from "kysely";

/** Locks a test holds in a schema until it lets go; whoever needs them waits meanwhile. */
export interface HeldLock {
  /** How many other connections wait for the locks now; with `statement`, only those running one LIKE it. */
  waiting(statement?: string): Promise<number>;
  /** Commits the locks' transaction: those waiting go on. */
  release(): Promise<void>;
}

/**
 * Takes locks with `lockStatement` (`lock table … in share mode`, `select … for update`) in a transaction
 * of the test's own, straight to Postgres, and holds them. For a test that needs work to be in flight at a
 * given moment: whatever needs the locks is held mid-statement until `release`.
 */
export async function holdLock(
  database: { url: string; schema: string },
  lockStatement: RawBuilder<unknown>,
): Promise<HeldLock> {
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
    await lockStatement.execute(trx);
    pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
    locked();
    await released;
  });
  await Promise.race([lockTaken, transaction]);
  return {
    async waiting(statement = "%") {
      const result = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where ${pid} = any(pg_blocking_pids(pid)) and query like ${statement}`.execute(observer.db);
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
