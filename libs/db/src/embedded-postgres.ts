import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite, types } from "@electric-sql/pglite";
import type { PostgresPoolClient, PostgresQueryResult } from "kysely";

// int8 as a string, as node-postgres answers, so both adapters hand the code the same values.
const SAME_VALUES_AS_PG = { parsers: { [types.INT8]: (value: string) => value } };

// PGlite keeps its shared buffers resident from the start; its default (128 MB) is sized for a server
// and is most of its footprint. An embedded product's working set fits in far less, and a page not in
// the buffers is read from the operating system's file cache.
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * One PGlite (Postgres in WebAssembly) for a whole process: every service of the embedded product works
 * in it, each in its own schema. PGlite is a single connection, so checkouts are exclusive across all of
 * them: a second caller waits until the first releases, which keeps one transaction from interleaving
 * with another's statements, whichever service they belong to. Each checkout starts in its caller's
 * schema (`search_path`), so a service never reads another's tables by accident.
 *
 * Its files are private to the user. It lives in memory when it has no data folder.
 */
export class EmbeddedPostgres {
  readonly dataDir: string | undefined;
  readonly #pglite: Promise<PGlite>;
  #turn: Promise<void> = Promise.resolve();

  private constructor(dataDir: string | undefined, copyOf: string | undefined) {
    this.dataDir = dataDir && path.resolve(dataDir);
    this.#pglite = start(this.dataDir, copyOf);
    // A failure to open surfaces through `ready` and every checkout, not as an unhandled rejection.
    this.#pglite.catch(() => {});
  }

  /**
   * Starts opening the database at `dataDir`, or in memory without one. A new data folder starts as a
   * copy of `copyOf` (another database's closed data folder), or of a pristine one.
   */
  static open(dataDir?: string, { copyOf }: { copyOf?: string } = {}): EmbeddedPostgres {
    return new EmbeddedPostgres(dataDir, copyOf);
  }

  /** Resolves once the database takes queries; rejects with the reason it cannot be opened. */
  async ready(): Promise<void> {
    await this.#pglite;
  }

  /** An exclusive connection in `schema`'s search path; release it to let the next caller in. */
  async checkout(schema: string): Promise<PostgresPoolClient> {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    const release = await this.#takeTurn();
    try {
      const pglite = await this.#pglite;
      await pglite.query(`set search_path to "${schema}"`);
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
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Resolves once every checkout taken so far has been released. */
  async idle(): Promise<void> {
    const release = await this.#takeTurn();
    release();
  }

  /** Answers whether the database takes a query, for readiness probes. */
  async ping(): Promise<boolean> {
    const release = await this.#takeTurn();
    try {
      await (await this.#pglite).query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      release();
    }
  }

  /**
   * Replaces the rows of `schema` with those of the same schema in `source` (an embedded database of an
   * earlier layout), in one transaction. Both must have applied exactly the same migrations, so their
   * tables match; rows are copied with COPY, sequences carried over, and the counts compared.
   * Answers the rows copied per table.
   */
  async importSchema(source: EmbeddedPostgres, schema: string): Promise<Record<string, number>> {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    const [releaseSource, releaseTarget] = [await source.#takeTurn(), await this.#takeTurn()];
    try {
      const [from, into] = [await source.#pglite, await this.#pglite];
      const applied = async (pglite: PGlite) =>
        (
          await pglite.query<{ name: string }>(`select name from "${schema}".kysely_migration order by name`)
        ).rows
          .map((row) => row.name)
          .join(",");
      if ((await applied(from)) !== (await applied(into))) {
        throw new Error(`The two copies of schema "${schema}" have applied different migrations`);
      }
      const tables = await tablesOf(from, schema);
      const copied: Record<string, number> = {};
      await into.query("begin");
      try {
        // Foreign keys are not checked while copying (tables go in any order); they held in the source.
        await into.query("set local session_replication_role = replica");
        if (tables.length > 0) {
          await into.query(`truncate ${tables.map((table) => `"${schema}"."${table.name}"`).join(", ")}`);
        }
        for (const table of tables) {
          const target = `"${schema}"."${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")})`;
          const { blob } = await from.query(`copy ${target} to '/dev/blob'`);
          if (blob) await into.query(`copy ${target} from '/dev/blob'`, [], { blob });
          const count = async (pglite: PGlite) =>
            Number(
              (
                await pglite.query<{ n: string }>(
                  `select count(*)::text as n from "${schema}"."${table.name}"`,
                )
              ).rows[0]?.n,
            );
          const [expected, actual] = [await count(from), await count(into)];
          if (expected !== actual) {
            throw new Error(`Copied ${actual} of ${expected} rows of "${schema}"."${table.name}"`);
          }
          copied[table.name] = actual;
        }
        for (const sequence of await sequencesOf(from, schema)) {
          const name = `"${schema}"."${sequence}"`;
          const state = await from.query<{ last_value: string; is_called: boolean }>(
            `select last_value::text, is_called from ${name}`,
          );
          const { last_value, is_called } = state.rows[0] ?? { last_value: "1", is_called: false };
          await into.query("select setval($1::regclass, $2::bigint, $3)", [name, last_value, is_called]);
        }
        await into.query("commit");
      } catch (error) {
        await into.query("rollback");
        throw error;
      }
      return copied;
    } finally {
      releaseTarget();
      releaseSource();
    }
  }

  /** Waits for every checkout to be released, then closes; the files stay private. */
  async close(): Promise<void> {
    const release = await this.#takeTurn();
    try {
      const pglite = await this.#pglite.catch(() => undefined);
      await pglite?.close();
    } finally {
      release();
      // Postgres writes a few files of its own as it stops (statistics), with the process's umask.
      if (this.dataDir && existsSync(this.dataDir)) makePrivate(this.dataDir);
    }
  }

  async #takeTurn(): Promise<() => void> {
    let release!: () => void;
    const previous = this.#turn;
    this.#turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return release;
  }
}

async function start(dataDir: string | undefined, copyOf: string | undefined): Promise<PGlite> {
  if (dataDir && !existsSync(path.join(dataDir, "PG_VERSION"))) {
    copyDataDir(copyOf ?? (await preparePristineDataDir()), dataDir);
  }
  const pglite = new PGlite(dataDir, { startParams: START_PARAMS });
  await pglite.waitReady;
  if (dataDir) makePrivate(dataDir);
  return pglite;
}

/**
 * Makes `dataDir` a copy of the closed data folder `source`. The copy is made under a temporary name and
 * renamed once complete, so an interrupted first start leaves nothing that looks like a database.
 */
export function copyDataDir(source: string, dataDir: string): void {
  const making = `${dataDir}.new`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  cpSync(source, making, { recursive: true });
  renameSync(making, dataDir);
}

/**
 * Where data folders made once per machine are kept: beside the installed packages
 * (`node_modules/.cache/tubedigest`), named by the PGlite version that made them.
 */
export function pgliteCache(): { folder: string; version: string } {
  const pgliteModule = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const marker = `${path.sep}node_modules${path.sep}`;
  const modules = pgliteModule.slice(0, pgliteModule.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(
    readFileSync(path.join(modules, "@electric-sql", "pglite", "package.json"), "utf8"),
  ) as { version: string };
  return { folder: path.join(modules, ".cache", "tubedigest"), version };
}

/**
 * Makes the pristine data folder new databases are copied from, unless it exists; answers where it is.
 * Making one runs PGlite's initdb, seconds of CPU and a second Postgres whose WebAssembly memory would
 * stay with the process for as long as it runs: so it runs once per machine (the standalone build does
 * it ahead), in a child process.
 */
export async function preparePristineDataDir(): Promise<string> {
  const pgliteModule = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const cache = pgliteCache();
  const pristine = path.join(cache.folder, `pglite-${cache.version}`);
  if (existsSync(path.join(pristine, "PG_VERSION"))) return pristine;

  const making = `${pristine}.${randomUUID()}`;
  mkdirSync(cache.folder, { recursive: true, mode: 0o700 });
  const script = `const { PGlite } = require(${JSON.stringify(pgliteModule)});
    const pglite = new PGlite(${JSON.stringify(making)});
    pglite.waitReady.then(() => pglite.close()).catch((error) => { console.error(error.message); process.exit(1); });`;
  try {
    await promisify(execFile)(process.execPath, ["-e", script]);
    makePrivate(making);
    renameSync(making, pristine);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another process made it meanwhile.
    if (existsSync(path.join(pristine, "PG_VERSION"))) return pristine;
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not make a new embedded database: ${stderr || String(error)}`, { cause: error });
  }
  return pristine;
}

/** The owner alone may read or write the database: PGlite writes its first files world-writable. */
function makePrivate(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) makePrivate(child);
    else if (entry.isFile()) chmodSync(child, 0o600);
  }
}

async function tablesOf(pglite: PGlite, schema: string): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await pglite.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = $1 and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
        and c.table_name not in ('kysely_migration', 'kysely_migration_lock')
      order by c.table_name, c.ordinal_position`,
    [schema],
  );
  const tables = new Map<string, string[]>();
  for (const row of rows)
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

async function sequencesOf(pglite: PGlite, schema: string): Promise<string[]> {
  // pg_class rather than information_schema, which leaves out the sequences behind identity columns.
  const { rows } = await pglite.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'S'`,
    [schema],
  );
  return rows.map((row) => row.name);
}
