import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDatabase,
  type Database,
  EmbeddedPostgres,
  type Migrations,
  migrateToLatest,
  preparePristineDataDir,
} from "../src/index.ts";

// Two services as the embedded product has them: each with a table of its own and one of the same name.
const accountsMigrations: Migrations = {
  "20261122T0001-accounts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("accounts")
        .addColumn("email", "text", (c) => c.primaryKey())
        .execute();
      await db.schema.createTable("notes").addColumn("text", "text").execute();
    },
  },
};
const channelsMigrations: Migrations = {
  "20261122T0002-channels": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("channels")
        .addColumn("id", "text", (c) => c.primaryKey())
        .execute();
      await db.schema.createTable("notes").addColumn("text", "text").execute();
    },
  },
};

// biome-ignore lint/suspicious/noExplicitAny: the tests query tables their migrations made.
type Any = any;

describe("one embedded database shared by two services", () => {
  let shared: EmbeddedPostgres;
  let accounts: Database<Any>;
  let channels: Database<Any>;

  let folder: string;

  beforeAll(async () => {
    // A data folder copied from the pristine one: opened in memory, PGlite would run initdb, which this
    // describe is not about.
    folder = mkdtempSync(path.join(tmpdir(), "embedded-shared-"));
    shared = EmbeddedPostgres.open(path.join(folder, "database"));
    accounts = createDatabase({ embedded: shared, schema: "accounts" });
    channels = createDatabase({ embedded: shared, schema: "channels" });
    await migrateToLatest(accounts.db, "accounts", accountsMigrations);
    await migrateToLatest(channels.db, "channels", channelsMigrations);
  });
  afterAll(async () => {
    await accounts.close();
    await channels.close();
    await shared.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("lands each service's migrations and tables in its own schema", async () => {
    const tables = await sql<{
      schema: string;
      name: string;
    }>`select table_schema as schema, table_name as name
      from information_schema.tables where table_schema in ('accounts', 'channels') order by 1, 2`.execute(
      accounts.db,
    );
    expect(tables.rows).toEqual([
      { schema: "accounts", name: "accounts" },
      { schema: "accounts", name: "kysely_migration" },
      { schema: "accounts", name: "kysely_migration_lock" },
      { schema: "accounts", name: "notes" },
      { schema: "channels", name: "channels" },
      { schema: "channels", name: "kysely_migration" },
      { schema: "channels", name: "kysely_migration_lock" },
      { schema: "channels", name: "notes" },
    ]);
    const applied = async (database: Database<Any>) =>
      (await database.db.selectFrom("kysely_migration").select("name").execute()).map((row) => row.name);
    expect(await applied(accounts)).toEqual(["20261122T0001-accounts"]);
    expect(await applied(channels)).toEqual(["20261122T0002-channels"]);
  });

  it("never lets a service see the other's tables without naming the schema", async () => {
    await expect(accounts.db.selectFrom("channels").selectAll().execute()).rejects.toThrow(
      'relation "channels" does not exist',
    );
    await expect(channels.db.selectFrom("accounts").selectAll().execute()).rejects.toThrow(
      'relation "accounts" does not exist',
    );
    await accounts.db.insertInto("notes").values({ text: "from accounts" }).execute();
    await channels.db.insertInto("notes").values({ text: "from channels" }).execute();
    expect(await accounts.db.selectFrom("notes").select("text").execute()).toEqual([
      { text: "from accounts" },
    ]);
    expect(await channels.db.selectFrom("notes").select("text").execute()).toEqual([
      { text: "from channels" },
    ]);
  });

  it("starts every checkout in the service's schema, whatever the last one left", async () => {
    await accounts.db.connection().execute(async (connection) => {
      await sql`set search_path to channels`.execute(connection);
    });
    expect(await accounts.db.selectFrom("accounts").selectAll().execute()).toEqual([]);
    const [row] = (await sql<{ search_path: string }>`show search_path`.execute(channels.db)).rows;
    expect(row?.search_path).toBe("channels");
  });

  it("keeps one service's transaction whole while the other's statements wait", async () => {
    const seen: string[] = [];
    const transaction = accounts.db.transaction().execute(async (trx) => {
      await trx.insertInto("accounts").values({ email: "a@example.com" }).execute();
      seen.push("accounts wrote");
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen.push("accounts commits");
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const read = channels.db
      .selectFrom("channels")
      .selectAll()
      .execute()
      .then(() => seen.push("channels read"));
    await Promise.all([transaction, read]);
    expect(seen).toEqual(["accounts wrote", "accounts commits", "channels read"]);
  });

  it("stays open for the other service when one closes its view", async () => {
    const extra = createDatabase({ embedded: shared, schema: "accounts" });
    await extra.close();
    expect(await channels.ping()).toBe(true);
    expect(await shared.ping()).toBe(true);
  });

  it("refuses to be given two places at once", () => {
    expect(() => createDatabase({ embedded: shared, url: "postgres://x@127.0.0.1/x", schema: "x" })).toThrow(
      "A database is one of",
    );
  });
});

describe("an embedded database in a data folder", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "td-embedded-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function modes(root: string): string[] {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isSymbolicLink())
      .map((entry) => {
        const mode = statSync(path.join(entry.parentPath, entry.name)).mode & 0o777;
        return `${entry.isDirectory() ? "dir" : "file"} ${mode.toString(8)}`;
      });
  }

  it("is private to the user, left over half-made folders notwithstanding, and keeps its rows", async () => {
    const dataDir = path.join(folder, "database");
    // What a first start interrupted while making the folder leaves behind.
    mkdirSync(`${dataDir}.new`);
    writeFileSync(path.join(`${dataDir}.new`, "PG_VERSION"), "");
    const first = EmbeddedPostgres.open(dataDir);
    const database = createDatabase<Any>({ embedded: first, schema: "accounts" });
    await migrateToLatest(database.db, "accounts", accountsMigrations);
    await database.db.insertInto("accounts").values({ email: "kept@example.com" }).execute();
    await database.close();
    await first.close();

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(new Set(modes(dataDir))).toEqual(new Set(["dir 700", "file 600"]));
    expect(readdirSync(folder)).toEqual(["database"]);

    const again = EmbeddedPostgres.open(dataDir);
    const reopened = createDatabase<Any>({ embedded: again, schema: "accounts" });
    expect(await reopened.db.selectFrom("accounts").select("email").execute()).toEqual([
      { email: "kept@example.com" },
    ]);
    await reopened.close();
    await again.close();
  });

  it("starts as a copy of the pristine folder made once for this PGlite version, private too", async () => {
    const pristine = await preparePristineDataDir();
    expect(pristine).toMatch(/node_modules\/\.cache\/tubedigest\/pglite-\d+\.\d+\.\d+$/);
    const made = statSync(pristine);
    expect(await preparePristineDataDir()).toBe(pristine);
    expect(statSync(pristine).ino).toBe(made.ino);
    expect(new Set(modes(pristine))).toEqual(new Set(["dir 700", "file 600"]));
  });

  it("says why when it cannot be opened", async () => {
    const notAFolder = path.join(folder, "a-file");
    writeFileSync(notAFolder, "");
    const broken = EmbeddedPostgres.open(path.join(notAFolder, "database"));
    await expect(broken.ready()).rejects.toThrow();
    expect(await broken.ping()).toBe(false);
    await broken.close();
  });
});

describe("importing a schema from an embedded database of the earlier layout", () => {
  const migrations: Migrations = {
    "20261122T0003-users-and-sessions": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("users")
          .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("shout", "text", (c) => c.generatedAlwaysAs(sql`upper(email)`).stored())
          .execute();
        await db.schema
          .createTable("sessions")
          .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
          .addColumn("data", "jsonb")
          .execute();
      },
    },
  };

  let source: EmbeddedPostgres;
  let target: EmbeddedPostgres;
  const views: Database<Any>[] = [];
  const view = (embedded: EmbeddedPostgres, schema: string) => {
    const database = createDatabase<Any>({ embedded, schema });
    views.push(database);
    return database;
  };
  // Started before the tests, so their time is not the test's: two embedded databases take seconds to
  // start on a busy machine.
  let folder: string;
  beforeAll(async () => {
    // Copies of the pristine data folder: opened in memory, each would run initdb.
    folder = mkdtempSync(path.join(tmpdir(), "embedded-import-"));
    source = EmbeddedPostgres.open(path.join(folder, "source"));
    target = EmbeddedPostgres.open(path.join(folder, "target"));
    await Promise.all([source.ready(), target.ready()]);
  });
  afterAll(async () => {
    for (const database of views) await database.close();
    await source.close();
    await target.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("copies every row and carries the sequences on", async () => {
    const from = view(source, "auth");
    const into = view(target, "auth");
    await migrateToLatest(from.db, "auth", migrations);
    await migrateToLatest(into.db, "auth", migrations);
    const users = await from.db
      .insertInto("users")
      .values([{ email: "a@example.com" }, { email: "b@example.com" }])
      .returning("id")
      .execute();
    await from.db
      .insertInto("sessions")
      .values(users.map((user) => ({ user_id: user.id, data: JSON.stringify({ line: "two\nlines" }) })))
      .execute();

    expect(await target.importSchema(source, "auth")).toEqual({ sessions: 2, users: 2 });

    expect(await into.db.selectFrom("users").selectAll().orderBy("id").execute()).toEqual([
      { id: "1", email: "a@example.com", shout: "A@EXAMPLE.COM" },
      { id: "2", email: "b@example.com", shout: "B@EXAMPLE.COM" },
    ]);
    expect(await into.db.selectFrom("sessions").select("data").execute()).toEqual([
      { data: { line: "two\nlines" } },
      { data: { line: "two\nlines" } },
    ]);
    const next = await into.db
      .insertInto("users")
      .values({ email: "c@example.com" })
      .returning("id")
      .execute();
    expect(next).toEqual([{ id: "3" }]);
  });

  it("refuses two copies whose migrations differ", async () => {
    await migrateToLatest(view(source, "other").db, "other", migrations);
    await migrateToLatest(view(target, "other").db, "other", { ...migrations, ...accountsMigrations });
    await expect(target.importSchema(source, "other")).rejects.toThrow("applied different migrations");
  });
});
