import { Writable } from "node:stream";
import { startTcpProxy, type TcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra, uniqueName, unusedPort } from "@tubedigest/testing/test-infra";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSIONS_UNAVAILABLE } from "../src/plugins/gateway-redis.ts";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

const password = "correct horse battery";
const freshEmail = () => `${uniqueName("outage")}@example.com`;

/** Every service's log lines, parsed, for asserting what an operator would read. */
function capturedLog() {
  const lines: { level: number; msg: string; service?: string; err?: unknown }[] = [];
  const log = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  return { log, lines };
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the gateway with its Redis unreachable (a closed port)", () => {
  let stack: TestStack;
  let port: number;
  const { log, lines } = capturedLog();

  beforeAll(async () => {
    port = await unusedPort();
    stack = await startTestStack("real", { redisUrl: `redis://127.0.0.1:${port}`, log, searchRateLimit: 3 });
    stack.youtube?.addChannel({
      id: "UCstillsearchablexxxxxx",
      title: "Still Searchable",
      description: "A channel found while Redis is down.",
      thumbnailUrl: "https://example.invalid/still.jpg",
      subscriberCount: 1_000,
    });
  });
  afterAll(() => stack.stop());

  it("answers sign-up and sign-in with a 503 saying sessions are unavailable, never a 500", async () => {
    const browser = new Browser(stack.gateway);
    for (const path of ["/api/auth/register", "/api/auth/login"]) {
      const response = await browser.call("POST", path, { email: freshEmail(), password });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: SESSIONS_UNAVAILABLE });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers searches uncached, still limited per client address", async () => {
    const visitor = new Browser(stack.gateway);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await visitor.call("GET", "/api/youtube/search?query=still"));
    expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]?.json()).toMatchObject([{ snippet: { title: "Still Searchable" } }]);
    expect(stack.youtube?.calls.search).toBe(3);
    expect(answers[3]?.statusCode).toBe(429);
  });

  it("reports itself degraded, not unavailable, on /readyz", async () => {
    const response = await stack.gateway.inject("/readyz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "degraded", checks: { redis: false } });
  });

  it("logs the outage once per service, naming Redis's address, without a stack trace", async () => {
    // Long enough for several reconnection attempts, each of which ioredis reports.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const outages = lines.filter((line) => line.msg.includes("is unreachable"));
    expect(outages.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        `Redis at 127.0.0.1:${port} is unreachable: signing in answers 503 and rate limits count in this process only; reconnecting in the background`,
        `Redis at 127.0.0.1:${port} is unreachable: searches are answered without the cache; reconnecting in the background`,
      ]),
    );
    expect(outages).toHaveLength(2);
    expect(outages.every((line) => line.level === 40 && line.err === undefined)).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe("the gateway when Redis goes away and comes back", () => {
  let stack: TestStack;
  let proxy: TcpProxy;
  const { log, lines } = capturedLog();
  const redis = new URL(testInfra.redisUrl);

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    stack = await startTestStack("real", { redisUrl: proxy.urlThrough(testInfra.redisUrl), log });
  });
  afterAll(async () => {
    await stack.stop();
    await proxy.close();
  });

  const readiness = async () => (await stack.gateway.inject("/readyz")).json().status as string;

  it("keeps a signed-in browser's session through the outage and says why it cannot be read meanwhile", async () => {
    await until(async () => (await readiness()) === "ok", "Redis to answer");
    const browser = new Browser(stack.gateway);
    const email = freshEmail();
    expect((await browser.call("POST", "/api/auth/register", { email, password })).statusCode).toBe(201);

    proxy.refuseConnections();
    proxy.dropConnections();
    await until(async () => (await readiness()) === "degraded", "the outage to show");
    const during = await browser.call("GET", "/api/auth/current-user");
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ message: SESSIONS_UNAVAILABLE });
    const signIn = await new Browser(stack.gateway).call("POST", "/api/auth/login", { email, password });
    expect(signIn.statusCode).toBe(503);
    // A page needs no session: the browser gets the web app (here: the note that it is not built).
    const page = await browser.call("GET", "/dashboard");
    expect(page.body).toBe("The web app has not been built yet: run `make build`.");

    proxy.acceptConnections();
    await until(async () => (await readiness()) === "ok", "Redis to be back");
    const after = await browser.call("GET", "/api/auth/current-user");
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ email });
    expect(lines.filter((line) => line.msg.endsWith("is reachable again")).length).toBeGreaterThan(0);
  });
});
