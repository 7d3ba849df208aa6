import { createTestSchema, startTcpProxy, testInfra } from "@tubedigest/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../src/index.ts";

describe("a pooled connection cut while idle (real Postgres behind a proxy)", () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    schema = await createTestSchema("db");
    const target = new URL(testInfra.postgresUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    process.on("uncaughtException", record);
  });
  afterAll(async () => {
    process.off("uncaughtException", record);
    await proxy.close();
    await schema.drop();
  });

  it("is dropped from the pool without ending the process, and the next query opens a new one", async () => {
    const database = createDatabase({
      url: proxy.urlThrough(schema.url),
      schema: schema.schema,
      poolSize: 2,
    });
    try {
      await sql`select 1`.execute(database.db);
      proxy.dropConnections();
      // pg reports the idle connection's end on the pool a moment later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
