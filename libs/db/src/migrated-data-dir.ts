import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { createDatabase } from "./create-database.ts";
import { EmbeddedPostgres, pgliteCache } from "./embedded-postgres.ts";
import { type Migrations, migrateToLatest } from "./migrate-to-latest.ts";

/** A schema of an embedded database and the migrations that make it. */
export interface SchemaMigrations {
  schema: string;
  migrations: Migrations;
}

// How a template is made, part of its key: changing how makes new ones rather than reusing the old.
const MADE_BY = "migrated, then template0 and template1 dropped";

// A template no process has made or used for this long belongs to migrations that have since changed.
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Brings each schema of an embedded database to its latest migration, one after the other. */
export async function migrateSchemas(database: EmbeddedPostgres, schemas: SchemaMigrations[]): Promise<void> {
  for (const { schema, migrations } of schemas) {
    const view = createDatabase({ embedded: database, schema });
    try {
      await migrateToLatest(view.db, schema, migrations);
    } finally {
      await view.close();
    }
  }
}

/**
 * A closed data folder whose schemas have every given migration applied, made once per PGlite version
 * and set of migrations (their names and code) and kept beside the pristine one; answers where it is. A
 * database copied from it (`EmbeddedPostgres.open(dataDir, { copyOf })`) finds nothing to migrate:
 * migrating a product's schemas from nothing costs seconds of CPU, which every test stack would pay again.
 * It holds no template databases (see `dropTemplateDatabases`). Changing a migration changes the key, so
 * a template is never used for migrations it was not made with; making one removes the templates of
 * other keys not used for a day. It is made in the calling process, with a second PGlite for as long as
 * that takes: for test stacks, whose processes start many databases, not for the product's first start.
 */
export async function prepareMigratedDataDir(schemas: SchemaMigrations[]): Promise<string> {
  const cache = pgliteCache();
  const prefix = `pglite-${cache.version}-migrated-`;
  const template = path.join(cache.folder, `${prefix}${keyOf(schemas)}`);
  if (existsSync(path.join(template, "PG_VERSION"))) {
    const now = new Date();
    utimesSync(template, now, now);
    return template;
  }

  const making = `${template}.${randomUUID()}`;
  try {
    const database = EmbeddedPostgres.open(making);
    try {
      await migrateSchemas(database, schemas);
      await dropTemplateDatabases(database);
    } finally {
      await database.close();
    }
    renameSync(making, template);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another process made it meanwhile.
    if (existsSync(path.join(template, "PG_VERSION"))) return template;
    throw error;
  }
  removeStaleTemplates(cache.folder, prefix);
  return template;
}

/**
 * A copy is one process's database, which never runs CREATE DATABASE: the two databases Postgres keeps
 * to copy new ones from (template0, template1) are dropped, so every copy has far fewer files to write.
 */
async function dropTemplateDatabases(database: EmbeddedPostgres): Promise<void> {
  const client = await database.checkout("public");
  try {
    for (const template of ["template0", "template1"]) {
      // One statement at a time: DROP DATABASE cannot run inside a transaction block.
      await client.query(`alter database ${template} is_template false`, []);
      await client.query(`drop database ${template}`, []);
    }
  } finally {
    client.release();
  }
}

function keyOf(schemas: SchemaMigrations[]): string {
  const code = schemas.map(({ schema, migrations }) => [
    schema,
    Object.entries(migrations)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, migration]) => [name, String(migration.up), String(migration.down)]),
  ]);
  return createHash("sha256")
    .update(JSON.stringify([MADE_BY, code]))
    .digest("hex")
    .slice(0, 16);
}

function removeStaleTemplates(folder: string, prefix: string): void {
  const now = Date.now();
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith(prefix)) continue;
    const template = path.join(folder, entry);
    if (now - statSync(template).mtimeMs > STALE_AFTER_MS) rmSync(template, { recursive: true, force: true });
  }
}
