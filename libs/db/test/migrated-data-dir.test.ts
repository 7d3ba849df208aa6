import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, type Migration, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import {
  createDatabase,
  EmbeddedPostgres,
  type Migrations,
  migrateToLatest,
  prepareMigratedDataDir,
  type SchemaMigrations,
} from "../src/index.ts";

const createTable = (table: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable(table)
      .addColumn("email", "text", (c) => c.primaryKey())
      .execute();
  },
});
const accounts = (table: string): Migrations => ({ "20261122T0001-accounts": createTable(table) });
const SCHEMAS: SchemaMigrations[] = [
  { schema: "accounts", migrations: accounts("accounts") },
  { schema: "other", migrations: accounts("others") },
];

// biome-ignore lint/suspicious/noExplicitAny: the tests query tables their migrations made.
type Any = any;

describe("a data folder migrated once, for databases that start as its copy", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "td-migrated-"));
  const made: string[] = [];
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    // Templates of migrations made up for one run only.
    for (const template of made) rmSync(template, { recursive: true, force: true });
  });

  it("is made once per set of migrations, and a copy of it has its tables and nothing to migrate", async () => {
    const template = await prepareMigratedDataDir(SCHEMAS);
    expect(template).toMatch(
      /node_modules\/\.cache\/tubedigest\/pglite-\d+\.\d+\.\d+-migrated-[0-9a-f]{16}$/,
    );
    const first = statSync(template);
    expect(await prepareMigratedDataDir(SCHEMAS)).toBe(template);
    expect(statSync(template).ino).toBe(first.ino);

    const copies = ["one", "two"].map((name) =>
      EmbeddedPostgres.open(path.join(folder, name), { copyOf: template }),
    );
    const [one, two, other] = [
      createDatabase<Any>({ embedded: copies[0], schema: "accounts" }),
      createDatabase<Any>({ embedded: copies[1], schema: "accounts" }),
      createDatabase<Any>({ embedded: copies[1], schema: "other" }),
    ];
    expect(await migrateToLatest(one.db, "accounts", accounts("accounts"))).toEqual([]);
    await one.db.insertInto("accounts").values({ email: "only@one.example" }).execute();
    // Each copy is a database of its own: what one writes, neither the template nor the other has.
    expect(await two.db.selectFrom("accounts").selectAll().execute()).toEqual([]);
    expect(await other.db.selectFrom("others").selectAll().execute()).toEqual([]);
    // Only the database it works in: a copy has no use for the templates CREATE DATABASE copies from.
    const databases = await sql<{ datname: string }>`select datname from pg_database`.execute(one.db);
    expect(databases.rows).toEqual([{ datname: "postgres" }]);
    for (const database of [one, two, other]) await database.close();
    for (const embedded of copies) await embedded.close();
  });

  it("is another for migrations whose code or names changed", async () => {
    const template = await prepareMigratedDataDir(SCHEMAS);
    const renamed = await prepareMigratedDataDir([
      { schema: "accounts", migrations: accounts("accounts") },
      { schema: "other", migrations: { "20261122T0002-accounts": createTable("others") } },
    ]);
    made.push(renamed);
    const recoded = await prepareMigratedDataDir([
      SCHEMAS[0] as SchemaMigrations,
      {
        schema: "other",
        migrations: {
          "20261122T0001-accounts": {
            async up(db: Kysely<unknown>) {
              await db.schema.createTable("others").addColumn("email", "text").execute();
            },
          },
        },
      },
    ]);
    made.push(recoded);
    expect(new Set([template, renamed, recoded]).size).toBe(3);
  });

  it("removes, as it makes one, the templates of other migrations not used for a day", async () => {
    const template = await prepareMigratedDataDir(SCHEMAS);
    const cache = path.dirname(template);
    const prefix = path.basename(template).replace(/[0-9a-f]{16}$/, "");
    const [stale, recent] = ["stale", "recent"].map((name) => path.join(cache, `${prefix}${name}`));
    for (const leftOver of [stale, recent] as string[]) mkdirSync(leftOver, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(stale as string, twoDaysAgo, twoDaysAgo);
    // An old template still in use is touched as it is asked for, and kept.
    utimesSync(template, twoDaysAgo, twoDaysAgo);
    expect(await prepareMigratedDataDir(SCHEMAS)).toBe(template);
    made.push(recent as string);

    // Migrations no run has made a template for.
    const once = { [`20261122T0003-${randomUUID()}`]: createTable("accounts") };
    made.push(await prepareMigratedDataDir([{ schema: "accounts", migrations: once }]));
    expect(existsSync(stale as string)).toBe(false);
    expect(existsSync(recent as string)).toBe(true);
    expect(existsSync(template)).toBe(true);
  });
});
