import { type Kysely, type Migration, Migrator, sql } from "kysely";
import { withOwnSchemaIntrospection } from "./own-schema-introspection.ts";

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
    db: withOwnSchemaIntrospection(db, schema),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    // A service's migrations mix its own with shared ones (the bus's outbox and inbox), which have
    // timelines of their own: a shared migration landing later may carry an earlier name.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ""} of schema "${schema}" failed: ${cause}`, {
      cause: error,
    });
  }
  return results.map((result) => result.migrationName);
}
