import { type Kysely, Migrator, sql } from "kysely";
import { createDatabase, type DatabaseOptions } from "./create-database.ts";
import { type Migrations, migrateToLatest } from "./migrate-to-latest.ts";
import { withOwnSchemaIntrospection } from "./own-schema-introspection.ts";

/**
 * What a service does with its schema as it starts. `run`: it migrates, as one process alone (a laptop,
 * compose without its migrate services, the tests) needs. `wait`: a migrate step run on its own (a
 * Kubernetes Job, compose's `migrate-<service>`) does that, so replicas never race or hold their start-up
 * behind a long migration, and the service only waits, up to `timeoutMs`, for the schema to be current.
 */
export type SchemaMigration = { mode: "run" } | { mode: "wait"; timeoutMs: number; pollMs?: number };

/** Where the wait says what it waits for: a pino logger fits. */
interface MigrationLog {
  info(details: object, message: string): void;
}

/** Thrown when the schema is still behind at the deadline; start-up failure reports its message alone. */
export class SchemaNotCurrentError extends Error {
  readonly code = "SCHEMA_NOT_CURRENT";
}

// biome-ignore lint/suspicious/noExplicitAny: the wait reads only kysely's own migration table.
async function pendingMigrations(db: Kysely<any>, schema: string, migrations: Migrations): Promise<string[]> {
  const found = await sql<{ found: boolean }>`
    select exists (select 1 from information_schema.schemata where schema_name = ${schema}) as found
  `.execute(db);
  if (!found.rows[0]?.found) return Object.keys(migrations);
  const migrator = new Migrator({
    db: withOwnSchemaIntrospection(db, schema),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const known = await migrator.getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/**
 * Waits until every one of `migrations` is applied to `schema`, looking again every `pollMs`; throws
 * `SchemaNotCurrentError` after `timeoutMs`, so an orchestrator restarts the process rather than it
 * serving against tables that are not there yet.
 */
export async function waitForMigrations(
  // biome-ignore lint/suspicious/noExplicitAny: the wait reads only kysely's own migration table.
  db: Kysely<any>,
  schema: string,
  migrations: Migrations,
  options: { timeoutMs: number; pollMs?: number; log?: MigrationLog | undefined },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const pollMs = options.pollMs ?? 2_000;
  let pending = await pendingMigrations(db, schema, migrations);
  if (pending.length === 0) return;
  options.log?.info(
    { schema, pending },
    `Waiting for the migrate step to apply ${pending.length} migration(s) to schema "${schema}"`,
  );
  while (pending.length > 0) {
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new SchemaNotCurrentError(
        `Schema "${schema}" still lacks ${pending.length} migration(s) (${pending.join(", ")}) after waiting ${Math.round(options.timeoutMs / 1000)} s (MIGRATIONS=wait): run the service's migrate step, or set MIGRATIONS=run.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, left)));
    pending = await pendingMigrations(db, schema, migrations);
  }
  options.log?.info({ schema }, `Schema "${schema}" is current`);
}

/** Brings the schema to the latest migration, or waits for the migrate step to, as `migration` says. */
export async function prepareSchema(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the tables their types describe exist.
  db: Kysely<any>,
  schema: string,
  migrations: Migrations,
  migration: SchemaMigration = { mode: "run" },
  log?: MigrationLog,
): Promise<void> {
  if (migration.mode === "run") {
    await migrateToLatest(db, schema, migrations);
    return;
  }
  await waitForMigrations(db, schema, migrations, { ...migration, log });
}

/**
 * The migrate step on its own (`main.js migrate`): opens the database, applies what is pending, closes
 * it. Returns the migrations it applied, none when the schema was current.
 */
export async function migrateDatabase(options: DatabaseOptions, migrations: Migrations): Promise<string[]> {
  const database = createDatabase({ ...options, poolSize: 1 });
  try {
    return await migrateToLatest(database.db, database.schema, migrations);
  } finally {
    await database.close();
  }
}
