import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { EmbeddedPostgres } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import { tablesMentioning } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningProduct, startProduct } from "../src/index.ts";
import { newDataDir, productEnv, signIn, signUp } from "./support.ts";

/** A channel of the demo catalog the embedded product answers with. */
const POCKET_ORBIT = "UCUgQ2RdSQEDg0c-29ODtQEX";
const SCHEMAS = ["auth", "catalog", "billing", "summariser", "mailer"];
const EMAIL = "leaver@example.com";
const MOVE_TO = "leaver.elsewhere@example.org";
const PASSWORD = "a long password";

describe("a deleted account in the embedded product's one database", () => {
  let dataDir: string;
  let product: RunningProduct | undefined;
  beforeAll(() => {
    dataDir = newDataDir();
  });
  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `read` on the stopped product's database (one PGlite: nobody else may have it open meanwhile). */
  async function withDatabase<T>(read: (database: EmbeddedPostgres) => Promise<T>): Promise<T> {
    const database = EmbeddedPostgres.open(path.join(dataDir, "database"));
    try {
      return await read(database);
    } finally {
      await database.close();
    }
  }
  const tracesOf = (texts: string[]) =>
    withDatabase(async (database) => {
      const found: string[] = [];
      for (const schema of SCHEMAS) {
        const client = await database.checkout(schema);
        try {
          const run = async (query: string, parameters: unknown[]) =>
            (await client.query<Record<string, unknown>>(query, parameters)).rows;
          found.push(...(await tablesMentioning(run, schema, texts)));
        } finally {
          client.release();
        }
      }
      return found;
    });
  const call = (cookie: string, method: string, url: string, body?: unknown) =>
    fetch(`${product?.url}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** The subjects of every message the product wrote to its mail folder for `to`. */
  const subjectsTo = (to: string) =>
    readdirSync(path.join(dataDir, "mail"))
      .map((file) => readFileSync(path.join(dataDir, "mail", file), "utf8"))
      .filter((message) => new RegExp(`^To: ${to}$`, "mi").test(message))
      .map((message) => /^Subject: (.*)$/m.exec(message)?.[1] ?? "");

  it("keeps no row that names it in any schema once every service has had user.deleted", async () => {
    product = await startProduct(productEnv(dataDir));
    expect((await signUp(product.url, EMAIL, PASSWORD)).status).toBe(201);
    await product.stop();
    product = undefined;
    const userId = await withDatabase(async (database) => {
      const client = await database.checkout("auth");
      try {
        return (await client.query<{ id: string }>("select id from users where email = $1", [EMAIL])).rows[0]
          ?.id;
      } finally {
        client.release();
      }
    });
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    const texts = [userId ?? "", EMAIL, MOVE_TO];

    // Something of the account in every service: follows, a plan, a pause, a pending move, its mail.
    product = await startProduct(productEnv(dataDir));
    const cookie =
      (await signIn(product.url, EMAIL, PASSWORD)).headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(
      (await call(cookie, "POST", "/api/user/channels", { youtubeChannelId: POCKET_ORBIT })).status,
    ).toBe(201);
    await eventually(async () => {
      const reply = await call(cookie, "POST", "/api/subscribe-with-coupon", {
        plan: "creator",
        testMode: true,
      });
      return reply.status === 200 ? true : undefined;
    }, 30_000);
    expect((await call(cookie, "POST", "/api/user/deliveries/pause", { until: null })).status).toBe(200);
    expect(
      (await call(cookie, "POST", "/api/user/email", { email: MOVE_TO, currentPassword: PASSWORD })).status,
    ).toBe(202);
    await eventually(async () => (subjectsTo(MOVE_TO).length > 0 ? true : undefined), 20_000);
    await product.stop();
    product = undefined;
    expect(await tracesOf(texts)).toEqual(
      expect.arrayContaining([
        "auth.users",
        "billing.accounts",
        "catalog.follows",
        "mailer.recipients",
        "summariser.recipients",
      ]),
    );

    product = await startProduct(productEnv(dataDir));
    const again = (await signIn(product.url, EMAIL, PASSWORD)).headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(
      (await call(again, "DELETE", "/api/user/account", { email: EMAIL, currentPassword: PASSWORD })).status,
    ).toBe(200);
    expect((await call(again, "GET", "/api/auth/current-user")).status).toBe(401);
    // The mailer acts on user.deleted with the others; its confirmation going out is the last step.
    await eventually(
      async () => (subjectsTo(EMAIL).includes("Your tubedigest account is deleted") ? true : undefined),
      20_000,
    );
    // Stopping runs what is already in the in-process broker's queues: every service's user.deleted.
    await product.stop();
    product = undefined;
    expect(await tracesOf(texts)).toEqual([]);
  }, 120_000);
});
