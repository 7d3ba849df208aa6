import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SummariserDatabase } from "../src/store/database.ts";
import { migrations } from "../src/store/migrations/index.ts";
import { sentNewsletterRow } from "./support/newsletter-row.ts";

const RULE = "20261205T1630-archive-of-mailed-newsletters";

describe("the archive index keeps only newsletters that were mailed (real Postgres)", () => {
  let database: Database<SummariserDatabase>;
  let drop: () => Promise<void>;
  const reader = "00000000-0000-4000-8000-0000000000bb";
  const mailed = "00000000-0000-4000-8000-000000000011";
  const neverMailed = "00000000-0000-4000-8000-000000000012";

  beforeAll(async () => {
    const schema = await createTestSchema("summariser");
    drop = schema.drop;
    database = createDatabase<SummariserDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < RULE));
    await migrateToLatest(database.db, database.schema, before);
    // Both indexed by a search made before the rule; one of them never went out.
    const createdAt = new Date("2026-11-30T09:00:00Z");
    const row = (id: string, weekKey: string) =>
      sentNewsletterRow({ id, userId: reader, createdAt, weekKey, channels: [] });
    await database.db
      .insertInto("newsletters")
      .values([row(mailed, "week:1"), { ...row(neverMailed, "week:2"), sent_at: null }])
      .execute();
    const entry = (newsletterId: string) => ({
      newsletter_id: newsletterId,
      position: 0,
      user_id: reader,
      received_at: createdAt,
      channel_title: "Pocket Orbit",
      video_title: "Rocket engines",
      video_url: "https://www.youtube.com/watch?v=rocketengin",
      published_at: null,
      key_points: "[]",
      points_text: "",
      paragraph: "Engines burn fuel.",
    });
    await database.db
      .insertInto("archive_entries")
      .values([entry(mailed), entry(neverMailed)])
      .execute();
    await migrateToLatest(database.db, database.schema, migrations);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("drops the entries of a newsletter never mailed and keeps the mailed one's", async () => {
    const rows = await database.db.selectFrom("archive_entries").select("newsletter_id").execute();
    expect(rows).toEqual([{ newsletter_id: mailed }]);
  });
});
