import { createTestSchema, type TestSchema } from "@tubedigest/testing/test-schema";
import { type Kysely, type Migration, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import {
  createDatabase,
  type Database,
  type Migrations,
  migrateDatabase,
  prepareSchema,
  SchemaNotCurrentError,
  waitForMigrations,
} from "../src/index.ts";

const createTable = (table: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable(table)
      .addColumn("id", "text", (c) => c.primaryKey())
      .execute();
  },
});
const FIRST: Migrations = { "20261205T0001-accounts": createTable("accounts") };
const MIGRATIONS: Migrations = { ...FIRST, "20261205T0002-channels": createTable("channels") };

const opened: { database: Database<unknown>; schema: TestSchema }[] = [];

async function emptySchema() {
  const schema = await createTestSchema("migrate_step");
  const database = createDatabase<unknown>({ url: schema.url, schema: schema.schema, poolSize: 2 });
  opened.push({ database, schema });
  return { ...schema, db: database.db };
}

afterEach(async () => {
  for (const { database, schema } of opened.splice(0)) {
    await database.close();
    await schema.drop();
  }
});

describe("the migrate step and MIGRATIONS=wait", () => {
  it("migrates a schema from nothing once, then finds nothing left to do", async () => {
    const { url, schema, db } = await emptySchema();
    expect(await migrateDatabase({ url, schema }, MIGRATIONS)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateDatabase({ url, schema }, MIGRATIONS)).toEqual([]);
    await waitForMigrations(db, schema, MIGRATIONS, { timeoutMs: 1 });
  });

  it("waits, without migrating, until the migrate step has made the schema current", async () => {
    const { url, schema, db } = await emptySchema();
    const lines: string[] = [];
    let current = false;
    const waiting = prepareSchema(
      db,
      schema,
      MIGRATIONS,
      { mode: "wait", timeoutMs: 10_000, pollMs: 50 },
      { info: (_details, message) => lines.push(message) },
    ).then(() => current);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still waiting, and nothing made: the schema is the migrate step's to create.
    const made = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.schemata where schema_name = ${schema}
    `.execute(db);
    expect(made.rows[0]?.n).toBe(0);
    await migrateDatabase({ url, schema }, FIRST);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await migrateDatabase({ url, schema }, MIGRATIONS);
    current = true;
    await expect(waiting).resolves.toBe(true);
    expect(lines).toEqual([
      `Waiting for the migrate step to apply 2 migration(s) to schema "${schema}"`,
      `Schema "${schema}" is current`,
    ]);
  });

  it("gives up after its deadline, naming what is missing and what to run", async () => {
    const { url, schema, db } = await emptySchema();
    await migrateDatabase({ url, schema }, FIRST);
    const started = Date.now();
    const waiting = waitForMigrations(db, schema, MIGRATIONS, { timeoutMs: 500, pollMs: 100 });
    await expect(waiting).rejects.toThrow(SchemaNotCurrentError);
    await expect(waiting).rejects.toThrow(
      `Schema "${schema}" still lacks 1 migration(s) (20261205T0002-channels) after waiting 1 s (MIGRATIONS=wait)`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});
