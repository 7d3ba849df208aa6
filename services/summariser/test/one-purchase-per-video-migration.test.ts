import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SummariserDatabase } from "../src/store/database.ts";
import { migrations } from "../src/store/migrations/index.ts";

const RULE = "20261204T2040-one-purchase-per-video";

describe("one purchase per subscriber and video, delivered ones included (real Postgres)", () => {
  let database: Database<SummariserDatabase>;
  let drop: () => Promise<void>;
  const reader = "00000000-0000-4000-8000-0000000000aa";
  const ids = {
    first: "00000000-0000-4000-8000-000000000001",
    boughtAgain: "00000000-0000-4000-8000-000000000002",
    failed: "00000000-0000-4000-8000-000000000003",
    quoted: "00000000-0000-4000-8000-000000000004",
  };

  beforeAll(async () => {
    const schema = await createTestSchema("summariser");
    drop = schema.drop;
    database = createDatabase<SummariserDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < RULE));
    await migrateToLatest(database.db, database.schema, before);
    // A video bought twice while only a purchase under way was unique, and one whose purchase failed.
    await sql`
      insert into single_video_orders (id, user_id, video_id, status, created_at) values
        (${ids.first}, ${reader}, 'boughtTwice', 'delivered', now() - interval '2 days'),
        (${ids.boughtAgain}, ${reader}, 'boughtTwice', 'delivered', now() - interval '1 day'),
        (${ids.failed}, ${reader}, 'failedOnce1', 'failed', now() - interval '1 day')
    `.execute(database.db);
    await migrateToLatest(database.db, database.schema, migrations);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const quoted = (id: string, videoId: string) =>
    database.db
      .insertInto("single_video_orders")
      .values({ id, user_id: reader, video_id: videoId, status: "quoted", created_at: new Date() })
      .execute();
  const confirmed = (id: string) =>
    database.db.updateTable("single_video_orders").set({ status: "placing" }).where("id", "=", id).execute();

  it("keeps a purchase made twice before, naming the first, and lets the rule be made", async () => {
    const { rows } = await sql<{ id: string; duplicate_of: string | null }>`
      select id, duplicate_of from single_video_orders where video_id = 'boughtTwice' order by created_at
    `.execute(database.db);
    expect(rows).toEqual([
      { id: ids.first, duplicate_of: null },
      { id: ids.boughtAgain, duplicate_of: ids.first },
    ]);
  });

  it("refuses another purchase of a delivered video, and allows one of a video whose purchase failed", async () => {
    await quoted(ids.quoted, "boughtTwice");
    await expect(confirmed(ids.quoted)).rejects.toMatchObject({ code: "23505" });
    const afterFailure = "00000000-0000-4000-8000-000000000005";
    await quoted(afterFailure, "failedOnce1");
    await confirmed(afterFailure);
  });
});
