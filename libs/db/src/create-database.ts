import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { PGlitePool } from "./pglite-pool.ts";

export interface DatabaseOptions {
  /** A Postgres connection URL; when absent the database is an embedded PGlite. */
  url?: string | undefined;
  /** Where the embedded PGlite keeps its files; in memory when absent. */
  dataDir?: string | undefined;
  /** The Postgres schema the service owns; every unqualified table name resolves in it. */
  schema: string;
  poolSize?: number;
}

export interface Database<DB> {
  db: Kysely<DB>;
  schema: string;
  /** Answers whether the database takes a query, for readiness probes. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function createDatabase<DB>(options: DatabaseOptions): Database<DB> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name "${options.schema}"`);
  const pool = options.url
    ? new pg.Pool({
        connectionString: options.url,
        max: options.poolSize ?? 10,
        // Each connection starts in the service's own schema, so queries and migrations never name it.
        options: `-c search_path=${options.schema}`,
      })
    : new PGlitePool(options.dataDir, options.schema);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    schema: options.schema,
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
