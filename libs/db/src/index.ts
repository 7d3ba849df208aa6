export { afterCommit } from "./after-commit.ts";
export { createDatabase, type Database, type DatabaseOptions } from "./create-database.ts";
export { copyDataDir, EmbeddedPostgres, preparePristineDataDir } from "./embedded-postgres.ts";
export { isUniqueViolation } from "./errors.ts";
export { type Migrations, migrateToLatest } from "./migrate-to-latest.ts";
export { migrateSchemas, prepareMigratedDataDir, type SchemaMigrations } from "./migrated-data-dir.ts";
export type { Listening, Notifications } from "./notifications.ts";
export {
  migrateDatabase,
  prepareSchema,
  type SchemaMigration,
  SchemaNotCurrentError,
  waitForMigrations,
} from "./schema-migrations.ts";
export { waitForRow } from "./wait-for-row.ts";
