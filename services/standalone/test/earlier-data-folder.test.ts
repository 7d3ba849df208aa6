import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildAuthApp } from "@tubedigest/auth";
import { busMigrations, createInProcessBus } from "@tubedigest/bus";
import { createDatabase, migrateToLatest } from "@tubedigest/db";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningProduct, startProduct } from "../src/index.ts";
import { newDataDir, productEnv, signIn } from "./support.ts";

const secret = "a-secret-for-tests-only-0123456789";

/**
 * A data folder as versions before the shared database left it: one PGlite per service under
 * `pglite/<schema>`. Auth's holds an account; catalog's is from before catalog's own tables existed.
 */
async function earlierDataFolder(dataDir: string): Promise<void> {
  const log = pino({ level: "silent" });
  const events = createInProcessBus({ log });
  const auth = await buildAuthApp(
    {
      secureCookies: false,
      claimSecret: secret,
      identitySecret: secret,
      database: { dataDir: path.join(dataDir, "pglite", "auth"), schema: "auth" },
    },
    { log, events },
  );
  const signedUp = await auth.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: "earlier@example.com", password: "a long password" },
  });
  expect(signedUp.statusCode).toBe(201);
  await auth.close();
  await events.close();

  const catalog = createDatabase({ dataDir: path.join(dataDir, "pglite", "catalog"), schema: "catalog" });
  await migrateToLatest(catalog.db, "catalog", busMigrations);
  await catalog.close();
}

describe("a data folder of an earlier version", () => {
  let dataDir: string;
  let product: RunningProduct | undefined;
  const said = vi.spyOn(console, "warn").mockImplementation(() => {});

  beforeAll(async () => {
    dataDir = newDataDir();
    await earlierDataFolder(dataDir);
    product = await startProduct(productEnv(dataDir));
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    said.mockRestore();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is moved into the one database once, saying so, and its accounts still sign in", async () => {
    const lines = said.mock.calls.map(([line]) => String(line));
    expect(lines[0]).toBe(
      `This data folder is from an earlier version (one database per service in ${dataDir}/pglite); moving it into ${dataDir}/database…`,
    );
    expect(lines).toContain(
      `Moved. The earlier files are kept in ${dataDir}/pglite-before-shared-database; delete them once you no longer need them.`,
    );
    expect(readdirSync(dataDir).sort()).toEqual([
      "database",
      "pglite-before-shared-database",
      "secrets.json",
      "tubedigest.lock",
    ]);
    if (!product) throw new Error("the product did not start");
    expect((await signIn(product.url, "earlier@example.com", "a long password")).status).toBe(200);
    // Catalog's tables were made on the way: searching works.
    expect((await fetch(`${product.url}/api/youtube/search?query=music`)).status).toBe(200);
  });

  it("is not moved again on the next start", async () => {
    await product?.stop();
    said.mockClear();
    product = await startProduct(productEnv(dataDir));
    expect(said).not.toHaveBeenCalled();
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    expect((await signIn(product.url, "earlier@example.com", "a long password")).status).toBe(200);
  });
});
