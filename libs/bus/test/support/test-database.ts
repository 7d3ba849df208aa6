import { createDatabase, migrateToLatest, type Notifications } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { type Generated, type Kysely, sql } from "kysely";
import { type BusTables, busMigrations } from "../../src/index.ts";

/** The observable effect of handling an event; no unique constraint, so a second effect would show. */
export interface EffectsTable {
  id: Generated<number>;
  event_id: string;
  label: string;
}

export type TestTables = BusTables & { effects: EffectsTable };

export interface TestDatabase {
  db: Kysely<TestTables>;
  /** The test's schema, and the URL of its database (for connections of a test's own). */
  schema: string;
  url: string;
  notifications: Notifications | undefined;
  countEffects(): Promise<{ total: number; distinct: number }>;
  countUnsent(): Promise<number>;
  close(): Promise<void>;
}

/** A schema of the test's own with the bus tables and an effects table; `close` drops it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { schema, url, drop } = await createTestSchema("bus_test");
  const database = createDatabase<TestTables>({ url, schema, poolSize: 20 });
  await migrateToLatest(database.db as Kysely<unknown>, schema, {
    ...busMigrations,
    "20261122T0300-test-effects": {
      async up(db) {
        await db.schema
          .createTable("effects")
          .addColumn("id", "integer", (column) => column.primaryKey().generatedAlwaysAsIdentity())
          .addColumn("event_id", "uuid", (column) => column.notNull())
          .addColumn("label", "text", (column) => column.notNull())
          .execute();
      },
    },
  });
  const { db } = database;
  return {
    db,
    schema,
    url,
    notifications: database.notifications,
    async countEffects() {
      const row = await db
        .selectFrom("effects")
        .select([sql<string>`count(*)`.as("total"), sql<string>`count(distinct event_id)`.as("distinct")])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), distinct: Number(row.distinct) };
    },
    async countUnsent() {
      const row = await db
        .selectFrom("outbox")
        .select(sql<string>`count(*)`.as("count"))
        .where("sent_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async close() {
      await database.close();
      await drop();
    },
  };
}
