import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthDatabase } from "../src/store/database.ts";
import * as createUsers from "../src/store/migrations/20261122T0210-create-users.ts";
import { migrations } from "../src/store/migrations/index.ts";

describe("moving e-mail uniqueness from lower() to the canonical column (real Postgres)", () => {
  let database: Database<AuthDatabase>;
  let drop: () => Promise<void>;
  const ids = {
    sigmaWithPassword: "00000000-0000-4000-8000-000000000001",
    sigmaOlderPasswordless: "00000000-0000-4000-8000-000000000002",
    ann: "00000000-0000-4000-8000-000000000003",
    dottedI: "00000000-0000-4000-8000-000000000004",
  };

  beforeAll(async () => {
    const schema = await createTestSchema("auth");
    drop = schema.drop;
    database = createDatabase<AuthDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
    await migrateToLatest(database.db, database.schema, { "20261122T0210-create-users": createUsers });
    // Rows as the lower(email) index let them in: Postgres folds Σ to σ wherever it stands, so these
    // two were different addresses to it and one to JavaScript.
    await sql`
      insert into users (id, email, password_hash, created_at) values
        (${ids.sigmaOlderPasswordless}, 'ας1@x.io', null, now() - interval '2 days'),
        (${ids.sigmaWithPassword}, 'ΑΣ1@x.io', 'hash', now() - interval '1 day'),
        (${ids.ann}, '  Ann@Example.COM', 'hash', now()),
        (${ids.dottedI}, 'İx@x.io', null, now())
    `.execute(database.db);
    await migrateToLatest(database.db, database.schema, migrations);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("backfills every account with the canonical spelling of its address", async () => {
    const rows = await database.db.selectFrom("users").select(["id", "email_canonical"]).execute();
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.email_canonical]));
    expect(byId[ids.ann]).toBe("ann@example.com");
    expect(byId[ids.dottedI]).toBe("i\u0307x@x.io");
    // The account with a password keeps the shared address; the other is kept, findable by nobody.
    expect(byId[ids.sigmaWithPassword]).toBe("ασ1@x.io");
    expect(byId[ids.sigmaOlderPasswordless]).toBe(`ασ1@x.io#duplicate:${ids.sigmaOlderPasswordless}`);
  });

  it("holds addresses unique by the canonical column only", async () => {
    const insert = (id: string, email: string, canonical: string) =>
      database.db
        .insertInto("users")
        .values({ id, email, email_canonical: canonical, full_name: null, password_hash: null })
        .execute();
    // lower() made these one address; they are two.
    await insert("00000000-0000-4000-8000-000000000005", "İy@x.io", "i\u0307y@x.io");
    await insert("00000000-0000-4000-8000-000000000006", "iy@x.io", "iy@x.io");
    await expect(
      insert("00000000-0000-4000-8000-000000000007", "ANN@example.com", "ann@example.com"),
    ).rejects.toMatchObject({
      code: "23505",
    });
  });
});
