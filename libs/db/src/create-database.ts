import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { withCommitHooks } from "./after-commit.ts";
import { EmbeddedPostgres, SCHEMA_NAME } from "./embedded-postgres.ts";
import { type Notifications, postgresNotifications } from "./notifications.ts";
import { PGlitePool } from "./pglite-pool.ts";

export interface DatabaseOptions {
  /** A Postgres connection URL. */
  url?: string | undefined;
  /** An embedded database the service shares with others in the process (the embedded product). */
  embedded?: EmbeddedPostgres | undefined;
  /** Where a PGlite of the service's own keeps its files; in memory when neither this, url nor embedded. */
  dataDir?: string | undefined;
  /** The Postgres schema the service owns; every unqualified table name resolves in it. */
  schema: string;
  poolSize?: number;
}

export interface Database<DB> {
  db: Kysely<DB>;
  schema: string;
  /**
   * LISTEN/NOTIFY on a connection of its own, for a database reached by URL. An embedded database is
   * the process's own: what one part of the process tells another needs no database round trip.
   */
  notifications?: Notifications | undefined;
  /** Answers whether the database takes a query, for readiness probes. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Values over 2 KB (a newsletter, a message's HTML, an event carrying summaries) are compressed as they are
 * stored. lz4 compresses much faster than Postgres's default, pglz, so each connection asks for it where the
 * server was built with it.
 */
const PREFER_LZ4 = `do $$ begin
  if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
    set default_toast_compression = 'lz4';
  end if;
end $$`;

export function createDatabase<DB>(options: DatabaseOptions): Database<DB> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name "${options.schema}"`);
  const places = [options.url, options.embedded, options.dataDir].filter((place) => place !== undefined);
  if (places.length > 1) throw new Error("A database is one of: a url, an embedded database, a data folder");
  const pool = options.url
    ? new pg.Pool({
        connectionString: options.url,
        max: options.poolSize ?? 10,
        // Each connection starts in the service's own schema, so queries and migrations never name it.
        options: `-c search_path=${options.schema}`,
      })
    : options.embedded
      ? new PGlitePool(options.embedded, options.schema, false)
      : new PGlitePool(EmbeddedPostgres.open(options.dataDir), options.schema, true);
  // pg emits the error of an idle connection (Postgres restarted, the network cut it) on the pool, and an
  // unhandled 'error' event ends the process. The broken connection is dropped by the pool either way;
  // the next query opens a new one or fails on its own, which readiness and the caller report.
  // A connection a caller holds (mid-transaction, or running a query) emits its failure on itself, where
  // the pool listens only while it is idle: the caller's query fails with it, and the pool drops the
  // connection when it is handed back, so the event needs only a listener.
  if (pool instanceof pg.Pool) {
    pool.on("error", () => undefined);
    pool.on("connect", (client) => {
      client.on("error", () => undefined);
      // pg runs it before any query handed to the new connection; a failure leaves pglz in place.
      client.query(PREFER_LZ4).catch(() => undefined);
    });
  }
  // Commits are watched, so that work can follow a transaction's commit (`afterCommit`).
  const db = new Kysely<DB>({ dialect: withCommitHooks(new PostgresDialect({ pool })) });
  return {
    db,
    schema: options.schema,
    notifications: options.url ? postgresNotifications({ connectionString: options.url }) : undefined,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
