import { createTestSchema } from "@tubedigest/testing/test-schema";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  afterCommit,
  createDatabase,
  type Database,
  isUniqueViolation,
  migrateToLatest,
} from "../src/index.ts";
import { withOwnSchemaIntrospection } from "../src/own-schema-introspection.ts";

interface Tables {
  counters: { name: string; value: string };
}

const migrations = {
  "20261122T0001-create-counters": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("counters")
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("value", "int8", (column) => column.notNull())
        .execute();
    },
  },
};

const setups = [
  ["real Postgres", async () => createTestSchema("db")] as const,
  ["embedded PGlite", async () => ({ schema: "owned", url: undefined, drop: async () => {} })] as const,
];

describe.each(setups)("database on %s", (_name, makeSchema) => {
  let database: Database<Tables>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const { schema, url, drop: dropSchema } = await makeSchema();
    drop = dropSchema;
    database = createDatabase<Tables>({ url, schema });
    expect(await migrateToLatest(database.db, schema, migrations)).toEqual(["20261122T0001-create-counters"]);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("keeps its tables in the service's own schema and migrates only once", async () => {
    const where = await sql<{ schema: string }>`select table_schema as schema from information_schema.tables
      where table_name = 'counters'`.execute(database.db);
    expect(where.rows.map((row) => row.schema)).toContain(database.schema);
    expect(await migrateToLatest(database.db, database.schema, migrations)).toEqual([]);
  });

  it("answers int8 as a string on both adapters", async () => {
    await database.db.insertInto("counters").values({ name: "big", value: "9007199254740993" }).execute();
    const row = await database.db
      .selectFrom("counters")
      .selectAll()
      .where("name", "=", "big")
      .executeTakeFirst();
    expect(row?.value).toBe("9007199254740993");
  });

  it("keeps concurrent transactions apart and rolls a failed one back", async () => {
    await database.db.insertInto("counters").values({ name: "hits", value: "0" }).execute();
    const increment = () =>
      database.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("counters")
          .select("value")
          .where("name", "=", "hits")
          .forUpdate()
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 2));
        await trx
          .updateTable("counters")
          .set({ value: String(Number(row.value) + 1) })
          .where("name", "=", "hits")
          .execute();
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    const failing = database.db.transaction().execute(async (trx) => {
      await trx.updateTable("counters").set({ value: "999" }).where("name", "=", "hits").execute();
      await trx.insertInto("counters").values({ name: "big", value: "1" }).execute();
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    const hits = await database.db
      .selectFrom("counters")
      .select("value")
      .where("name", "=", "hits")
      .executeTakeFirst();
    expect(hits?.value).toBe("20");
  });

  it("reports whether it is reachable", async () => {
    expect(await database.ping()).toBe(true);
  });

  it("runs what waits for a commit once the transaction committed, and nothing for one rolled back", async () => {
    const seen: (string | undefined)[] = [];
    const valueNow = async (name: string) =>
      (await database.db.selectFrom("counters").select("value").where("name", "=", name).executeTakeFirst())
        ?.value;
    const committed = database.db.transaction().execute(async (trx) => {
      await trx.insertInto("counters").values({ name: "after-commit", value: "1" }).execute();
      expect(await afterCommit(trx, () => seen.push("committed"))).toBe(true);
    });
    await committed;
    expect(seen).toEqual(["committed"]);
    expect(await valueNow("after-commit")).toBe("1");

    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto("counters").values({ name: "rolled-back", value: "1" }).execute();
        await afterCommit(trx, () => seen.push("rolled back"));
        throw new Error("undone");
      }),
    ).rejects.toThrow("undone");
    // The connection's next transaction does not inherit what waited for the one rolled back.
    await database.db.transaction().execute(async (trx) => {
      await afterCommit(trx, () => seen.push("next"));
    });
    expect(seen).toEqual(["committed", "next"]);
    expect(await valueNow("rolled-back")).toBeUndefined();
  });
});

it("runs what waits for a commit only after the commit, when other connections see the rows", async () => {
  const { schema, url, drop } = await createTestSchema("db");
  const database = createDatabase<Tables>({ url, schema });
  try {
    await migrateToLatest(database.db, schema, migrations);
    let seenByAnother: string | undefined = "not looked";
    let looking: Promise<void> = Promise.resolve();
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("counters").values({ name: "visible", value: "7" }).execute();
      await afterCommit(trx, () => {
        looking = database.db
          .selectFrom("counters")
          .select("value")
          .where("name", "=", "visible")
          .executeTakeFirst()
          .then((row) => {
            seenByAnother = row?.value;
          });
      });
    });
    await looking;
    expect(seenByAnother).toBe("7");
  } finally {
    await database.close();
    await drop();
  }
});

it("compresses large values with lz4 rather than pglz on every pooled connection", async () => {
  const { schema, url, drop } = await createTestSchema("db");
  const database = createDatabase<Tables>({ url, schema, poolSize: 2 });
  try {
    await migrateToLatest(database.db, schema, migrations);
    const large = "a digest's HTML, ".repeat(2_000);
    await Promise.all(
      ["first", "second"].map((name) =>
        database.db.transaction().execute(async (trx) => {
          await sql`select pg_sleep(0.05)`.execute(trx);
          await sql`insert into counters (name, value) values (${name + large}, 1)`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ method: string }>`
      select pg_column_compression(name) as method from counters order by name`.execute(database.db);
    expect(rows).toEqual([{ method: "lz4" }, { method: "lz4" }]);
  } finally {
    await database.close();
    await drop();
  }
});

it("reports an unreachable Postgres as not ready instead of throwing", async () => {
  const database = createDatabase({ url: "postgres://postgres@127.0.0.1:1/none", schema: "nowhere" });
  expect(await database.ping()).toBe(false);
  await database.close();
});

it("applies a shared migration that lands later under an earlier name", async () => {
  const { schema, url, drop } = await createTestSchema("db");
  const database = createDatabase<Tables>({ url, schema });
  try {
    await migrateToLatest(database.db, schema, migrations);
    const later = {
      ...migrations,
      "20200101T0000-shared-notes": {
        async up(db: Kysely<unknown>) {
          await db.schema.createTable("notes").addColumn("id", "integer").execute();
        },
      },
    };
    expect(await migrateToLatest(database.db, schema, later)).toEqual(["20200101T0000-shared-notes"]);
  } finally {
    await database.close();
    await drop();
  }
});

/** The database as kysely's migrator sees it, with its table listing failing as Postgres fails it the first `failures` times. */
/** The same `db`, but kysely's own introspection, which lists every schema of the database, fails. */
function listingEverySchemaFails<DB>(db: Kysely<DB>): Kysely<DB> {
  const fails = async () => {
    throw Object.assign(new Error('column "renamed" of relation "other" does not exist'), { code: "42703" });
  };
  const introspection = { getSchemas: fails, getTables: fails, getMetadata: fails };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

it("looks for its migration tables in its own schema alone, never listing the others", async () => {
  const own = await createTestSchema("db");
  const other = await createTestSchema("db");
  const database = createDatabase<Tables>({ url: own.url, schema: own.schema });
  try {
    await sql`create schema ${sql.id(other.schema)}`.execute(database.db);
    await sql`create table ${sql.id(other.schema, "kysely_migration")} (name text)`.execute(database.db);
    const introspection = withOwnSchemaIntrospection(database.db, own.schema).introspection;
    expect(await introspection.getSchemas()).toEqual([]);
    expect(await introspection.getTables()).toEqual([]);

    // Kysely's listing of every schema (which fails when another schema changes as it is read) is not used.
    expect(await migrateToLatest(listingEverySchemaFails(database.db), own.schema, migrations)).not.toEqual(
      [],
    );
    expect(await introspection.getSchemas()).toEqual([{ name: own.schema }]);
    const tables = (await introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual(["counters", "kysely_migration", "kysely_migration_lock"]);
  } finally {
    await database.close();
    await other.drop();
    await own.drop();
  }
});
