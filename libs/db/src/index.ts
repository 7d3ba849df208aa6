export { createDatabase, type Database, type DatabaseOptions } from "./create-database.ts";
export { EmbeddedPostgres, preparePristineDataDir } from "./embedded-postgres.ts";
export { isUniqueViolation } from "./errors.ts";
export { type Migrations, migrateToLatest } from "./migrate-to-latest.ts";
export { waitForRow } from "./wait-for-row.ts";
