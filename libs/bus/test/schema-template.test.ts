import { createDatabase, type Migrations, migrateToLatest } from "@tubedigest/db";
import { createMigratedTestSchema } from "@tubedigest/testing/test-schema";
import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import { busMigrations } from "../src/index.ts";
import { schemaTemplate } from "../src/testing/schema-template.ts";

// biome-ignore lint/suspicious/noExplicitAny: the migrations describe their own tables.
type AnyDb = Kysely<any>;

const migrations: Migrations = {
  ...busMigrations,
  "20261201T0000-plans": {
    async up(db: AnyDb) {
      await sql`create table plans (id serial primary key, name text not null unique)`.execute(db);
      await sql`insert into plans (name) values ('weekly'), ('daily')`.execute(db);
      await sql`create index plans_by_name on plans (lower(name))`.execute(db);
    },
  },
};

it("makes each test schema already migrated, with the migrations' rows, apart from every other", async () => {
  const template = schemaTemplate("template_check", migrations);
  const first = await createMigratedTestSchema("tpl", template);
  const second = await createMigratedTestSchema("tpl", template);
  const databases = [first, second].map(({ url, schema }) => createDatabase<unknown>({ url, schema }));
  try {
    for (const database of databases) {
      // The service's own migrator, run at its start, finds nothing left to do.
      expect(await migrateToLatest(database.db, database.schema, migrations)).toEqual([]);
      const { rows } = await sql<{ name: string }>`select name from plans order by id`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual(["weekly", "daily"]);
    }
    const [one, other] = databases as [(typeof databases)[0], (typeof databases)[0]];
    // The sequence came along at its place: the next row follows the migration's rows.
    await sql`insert into plans (name) values ('monthly')`.execute(one.db);
    const { rows } = await sql<{ id: number }>`select id from plans where name = 'monthly'`.execute(one.db);
    expect(rows).toEqual([{ id: 3 }]);
    const { rows: untouched } = await sql<{ count: string }>`select count(*) from plans`.execute(other.db);
    expect(untouched).toEqual([{ count: "2" }]);
    await expect(sql`insert into plans (name) values ('weekly')`.execute(other.db)).rejects.toThrow(/unique/);
    // The template itself is gone once dumped.
    const { rows: templates } = await sql<{ nspname: string }>`
      select nspname from pg_namespace where nspname like 'template\_template\_check\_%'`.execute(one.db);
    expect(templates).toEqual([]);
  } finally {
    await Promise.all(databases.map((database) => database.close()));
    await first.drop();
    await second.drop();
  }
});
