import { mkdirSync } from "node:fs";
import { PGlite, types } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

// int8 as a string, as node-postgres answers, so both adapters hand the code the same values.
const SAME_VALUES_AS_PG = { parsers: { [types.INT8]: (value: string) => value } };

/**
 * Presents one PGlite instance as the pool kysely's Postgres dialect expects. PGlite is a single
 * connection, so a checkout is exclusive: a second caller waits until the first releases, which keeps
 * one request's transaction from interleaving with another's statements.
 */
export class PGlitePool implements PostgresPool {
  readonly #pglite: PGlite;
  #queue: Promise<void> = Promise.resolve();

  constructor(dataDir: string | undefined, schema: string) {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    this.#pglite = new PGlite(dataDir);
    this.#queue = this.#pglite
      .exec(`create schema if not exists "${schema}"; set search_path to "${schema}"`)
      .then(() => undefined);
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = this.#queue;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await turn;
    const pglite = this.#pglite;
    return {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, [...parameters], SAME_VALUES_AS_PG);
        return {
          command: result.command as PostgresQueryResult<R>["command"],
          rowCount: result.rowCount ?? 0,
          rows: result.rows,
        };
      },
      release,
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    const last = this.connect();
    await last;
    await this.#pglite.close();
  }
}
