import { createDatabase, type Migrations, migrateToLatest } from "@tubedigest/db";
import type { SchemaTemplate } from "@tubedigest/testing/test-schema";

/**
 * A service's schema as its migrations make it, for `createMigratedTestSchema(prefix, template)`: its tests
 * get a schema already migrated instead of migrating each from nothing. Here rather than in
 * `@tubedigest/testing`, which does not depend on `@tubedigest/db`; every service's migrations include
 * the bus's outbox and inbox.
 */
export function schemaTemplate(name: string, migrations: Migrations): SchemaTemplate {
  return {
    name,
    async migrate(url, schema) {
      const database = createDatabase({ url, schema, poolSize: 1 });
      try {
        await migrateToLatest(database.db, schema, migrations);
      } finally {
        await database.close();
      }
    },
  };
}
