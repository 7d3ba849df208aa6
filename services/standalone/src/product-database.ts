import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { authMigrations } from "@tubedigest/auth";
import { billingMigrations } from "@tubedigest/billing";
import { catalogMigrations } from "@tubedigest/catalog";
import { EmbeddedPostgres, migrateSchemas, type SchemaMigrations } from "@tubedigest/db";
import { mailerMigrations } from "@tubedigest/mailer";
import { summariserMigrations } from "@tubedigest/summariser";

/** The embedded product's database: a schema per service with a database, and the migrations that make it. */
export const PRODUCT_SCHEMAS: SchemaMigrations[] = [
  { schema: "auth", migrations: authMigrations },
  { schema: "catalog", migrations: catalogMigrations },
  { schema: "billing", migrations: billingMigrations },
  { schema: "summariser", migrations: summariserMigrations },
  { schema: "mailer", migrations: mailerMigrations },
];

/**
 * Opens the embedded product's one database, `DATA_DIR/database`. A data folder of an earlier version
 * (one PGlite per service in `DATA_DIR/pglite/<schema>`) is moved into it first, once, with a message.
 */
export async function openProductDatabase(dataDir: string): Promise<EmbeddedPostgres> {
  const folder = path.join(dataDir, "database");
  const legacy = path.join(dataDir, "pglite");
  const earlier = PRODUCT_SCHEMAS.filter(({ schema }) => existsSync(path.join(legacy, schema, "PG_VERSION")));
  if (!existsSync(path.join(folder, "PG_VERSION")) && earlier.length > 0) {
    await moveEarlierLayout(legacy, folder, earlier);
  }
  const database = EmbeddedPostgres.open(folder);
  await database.ready();
  return database;
}

/**
 * Copies each service's schema from its own PGlite into one new database, built under a temporary name
 * and put in place only when every schema is in, so an interrupted move starts over on the next start.
 * Both copies are first brought to the current migrations, so their tables match. The earlier files are
 * kept, renamed, for the person to delete.
 */
async function moveEarlierLayout(
  legacy: string,
  folder: string,
  services: SchemaMigrations[],
): Promise<void> {
  const kept = `${legacy}-before-shared-database`;
  console.warn(
    `This data folder is from an earlier version (one database per service in ${legacy}); moving it into ${folder}…`,
  );
  const building = `${folder}.moving`;
  rmSync(building, { recursive: true, force: true });
  const target = EmbeddedPostgres.open(building);
  try {
    await target.ready();
    for (const service of services) {
      const source = EmbeddedPostgres.open(path.join(legacy, service.schema));
      try {
        await migrateSchemas(source, [service]);
        await migrateSchemas(target, [service]);
        const rows = await target.importSchema(source, service.schema);
        const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
        console.warn(`  ${service.schema}: ${total} rows in ${Object.keys(rows).length} tables`);
      } finally {
        await source.close();
      }
    }
  } catch (error) {
    throw new Error(
      `Moving ${legacy} into ${folder} failed; nothing was changed, and the next start tries again: ${String(error)}`,
      { cause: error },
    );
  } finally {
    await target.close();
  }
  renameSync(building, folder);
  renameSync(legacy, kept);
  console.warn(`Moved. The earlier files are kept in ${kept}; delete them once you no longer need them.`);
}
