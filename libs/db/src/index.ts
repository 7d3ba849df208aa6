export { createDatabase, type Database, type DatabaseOptions } from "./create-database.ts";
export { isUniqueViolation } from "./errors.ts";
export { type Migrations, migrateToLatest } from "./migrate-to-latest.ts";
