import { type Kysely, type Migration, Migrator, sql } from "kysely";

/** A service's migrations by timestamped name; a landed migration is never edited, only followed. */
export type Migrations = Record<string, Migration>;

/** Creates the service's schema if needed and applies its pending migrations, under kysely's lock. */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the tables their types describe exist.
  db: Kysely<any>,
  schema: string,
  migrations: Migrations,
): Promise<string[]> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    // A service's migrations mix its own with shared ones (the bus's outbox and inbox), which have
    // timelines of their own: a shared migration landing later may carry an earlier name.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrateOnce(migrator, schema);
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ""} of schema "${schema}" failed: ${cause}`, {
      cause: error,
    });
  }
  return results.map((result) => result.migrationName);
}

/**
 * Postgres' answers when an object vanishes or changes under a catalog query: "invalid schema name",
 * "undefined table", "undefined column" (another service's migration renaming a column as it is read).
 */
const CHANGED_UNDER_THE_LISTING = new Set(["3F000", "42P01", "42703"]);

/**
 * Kysely looks for its migration table by listing the tables and columns of every schema, so another
 * service migrating or a schema dropped at that moment (tests do, all the time; services starting
 * together on one database do too) can fail the listing. Such a failure comes before any migration
 * ran (no results) and passes at once, so it is tried again; any other failure is returned.
 */
async function migrateOnce(migrator: Migrator, schema: string, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await migrator.migrateToLatest();
    const code = (outcome.error as { code?: string } | undefined)?.code;
    const ownSchema = String((outcome.error as Error | undefined)?.message).includes(`"${schema}"`);
    const beforeAnyMigration = outcome.results === undefined;
    const retry =
      code !== undefined && CHANGED_UNDER_THE_LISTING.has(code) && beforeAnyMigration && !ownSchema;
    if (!retry || attempt === attempts) return outcome;
  }
}
