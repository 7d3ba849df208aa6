import { createTestSchema, startTcpProxy, testInfra } from "@tubedigest/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../src/index.ts";

describe("a pooled connection cut while a caller holds it (real Postgres behind a proxy)", () => {
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

  it("fails the caller's transaction, not the process, and the next query opens a new one", async () => {
    const database = createDatabase({
      url: proxy.urlThrough(schema.url),
      schema: schema.schema,
      poolSize: 2,
    });
    try {
      // Between two statements of a transaction, as when a handler waits on another service mid-way.
      const transaction = database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        proxy.dropConnections();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 2`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      // And while a statement runs.
      const running = sql`select pg_sleep(5)`.execute(database.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      proxy.dropConnections();
      await expect(running).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
