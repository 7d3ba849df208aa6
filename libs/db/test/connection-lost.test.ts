import { startTcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../src/index.ts";

const aMoment = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("a pooled connection cut (real Postgres behind a proxy)", () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Database<unknown>;
  let uncaught: unknown[];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    schema = await createTestSchema("db");
    const target = new URL(testInfra.postgresUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    process.on("uncaughtException", record);
  });
  beforeEach(() => {
    uncaught = [];
    database = createDatabase({ url: proxy.urlThrough(schema.url), schema: schema.schema, poolSize: 2 });
    return () => database.close();
  });
  afterAll(async () => {
    process.off("uncaughtException", record);
    await proxy.close();
    await schema.drop();
  });

  /** The process lived, and the pool opens a new connection for the next query. */
  async function expectPoolRecovered() {
    expect(uncaught).toEqual([]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  }

  it("while idle, is dropped from the pool without ending the process", async () => {
    await sql`select 1`.execute(database.db);
    proxy.dropConnections();
    // pg reports the idle connection's end on the pool a moment later.
    await aMoment();
    await expectPoolRecovered();
  });

  it("while a caller holds it, fails the caller's transaction or statement, not the process", async () => {
    // Between two statements of a transaction, as when a handler waits on another service mid-way.
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      proxy.dropConnections();
      await aMoment();
      await sql`select 2`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    // And while a statement runs.
    const running = sql`select pg_sleep(5)`.execute(database.db);
    await aMoment();
    proxy.dropConnections();
    await expect(running).rejects.toThrow();
    await aMoment();
    await expectPoolRecovered();
  });
});
