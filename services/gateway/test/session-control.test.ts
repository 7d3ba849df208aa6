import { testInfra } from "@tubedigest/testing/test-infra";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";
import { watchRedisCommands } from "./support/redis-commands.ts";
import { Browser } from "./test-stack.ts";

const ANN = "11111111-1111-4111-8111-111111111111";
const BOB = "22222222-2222-4222-8222-222222222222";
const json = { "content-type": "application/json" };

describe.each([
  ["real", true],
  ["embedded", false],
])("sessions the gateway holds (%s parts)", (_infra, real) => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({ real });
  });
  afterAll(() => edge.stop());

  const signedIn = async (userId: string) => {
    const browser = new Browser(edge.gateway);
    const response = await browser.call(
      "POST",
      "/api/auth/login",
      {},
      { ...json, "x-test-sign-in-as": userId },
    );
    expect(response.statusCode).toBe(200);
    return browser;
  };
  const isSignedIn = async (browser: Browser) =>
    (await browser.call("GET", "/api/auth/current-user")).statusCode === 200;

  it("signs a browser in only on auth's word, never on another service's or a client's", async () => {
    expect(await isSignedIn(await signedIn(ANN))).toBe(true);

    const viaCatalog = new Browser(edge.gateway);
    await viaCatalog.call("GET", "/api/user/channels", undefined, { "x-test-sign-in-as": ANN });
    expect(await isSignedIn(viaCatalog)).toBe(false);

    const forged = new Browser(edge.gateway);
    await forged.call("POST", "/api/auth/register", {}, { ...json, "x-tubedigest-session-user": ANN });
    expect(await isSignedIn(forged)).toBe(false);
    const arrival = edge.auth.arrivals.at(-1);
    expect(arrival?.url).toBe("/api/auth/register");
    expect(arrival?.headers["x-tubedigest-session-user"]).toBeUndefined();
    expect(arrival?.headers["x-tubedigest-end-other-sessions"]).toBeUndefined();
  });

  it("ends every other session of the user when auth asks, and keeps the one that asked", async () => {
    const [asking, otherDevice, otherUser] = [await signedIn(ANN), await signedIn(ANN), await signedIn(BOB)];
    const answer = await asking.call(
      "POST",
      "/api/auth/change-password",
      {},
      {
        ...json,
        "x-test-end-other-sessions-of": ANN,
      },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-tubedigest-end-other-sessions"]).toBeUndefined();
    expect(await isSignedIn(asking)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await isSignedIn(otherUser)).toBe(true);
    // Signing in again afterwards works as usual.
    expect(await isSignedIn(await signedIn(ANN))).toBe(true);
  });

  it("ends every session of the user, the asking one included, when auth answers for a deleted account", async () => {
    const [asking, otherDevice, otherUser] = [await signedIn(ANN), await signedIn(ANN), await signedIn(BOB)];
    const answer = await asking.call(
      "DELETE",
      "/api/user/account",
      {},
      {
        ...json,
        "x-test-end-all-sessions-of": ANN,
      },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-tubedigest-end-all-sessions"]).toBeUndefined();
    const cleared = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
    expect(cleared.find((cookie) => cookie.startsWith("td_session=;"))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await isSignedIn(asking)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await isSignedIn(otherUser)).toBe(true);
    // Another service cannot ask it.
    const [bob, bobElsewhere] = [await signedIn(BOB), await signedIn(BOB)];
    await bob.call("GET", "/api/user/channels", undefined, { "x-test-end-all-sessions-of": BOB });
    expect(await isSignedIn(bob)).toBe(true);
    expect(await isSignedIn(bobElsewhere)).toBe(true);
  });

  it("names the signed-in caller to a service with a proof it checks, and drops a client's copy", async () => {
    const browser = await signedIn(ANN);
    const forged = { "x-tubedigest-user-id": BOB, "x-tubedigest-user-proof": "v1.1.forged" };
    const asAnn = await browser.call("GET", "/api/user/channels", undefined, forged);
    expect(asAnn.json()).toEqual({ caller: ANN });
    const anonymous = await new Browser(edge.gateway).call("GET", "/api/user/channels", undefined, forged);
    expect(anonymous.statusCode).toBe(401);
  });

  it("does not end sessions when another service asks", async () => {
    const [asking, otherDevice] = [await signedIn(BOB), await signedIn(BOB)];
    await asking.call("GET", "/api/user/channels", undefined, { "x-test-end-other-sessions-of": BOB });
    expect(await isSignedIn(otherDevice)).toBe(true);
  });

  it("signs out completely: the session ends and the browser is told to drop its session and claim", async () => {
    const browser = await signedIn(ANN);
    browser.cookies.set("td_claim", "s:some-claim.signature");
    const cookieBefore = browser.cookies.get("td_session");
    const logout = await browser.call("POST", "/api/auth/logout");
    expect(logout.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(logout.headers["set-cookie"] ?? []);
    expect(setCookies.find((cookie) => cookie.startsWith("td_session=;"))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
    // Both where the claim is kept and where it was kept before it was read beyond auth.
    const claimCleared = setCookies.filter((cookie) => cookie.startsWith("td_claim=;"));
    expect(claimCleared.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1]).sort()).toEqual([
      "/api",
      "/api/auth",
    ]);
    for (const cookie of claimCleared) expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(browser.cookies.has("td_session")).toBe(false);
    expect(browser.cookies.has("td_claim")).toBe(false);
    const replay = new Browser(edge.gateway);
    replay.cookies.set("td_session", cookieBefore ?? "");
    expect(await isSignedIn(replay)).toBe(false);
  });
});

describe("sessions in Redis", () => {
  let edge: EdgeGateway;
  let redis: Redis;
  beforeAll(async () => {
    edge = await startEdgeGateway({ real: true });
    redis = new Redis(testInfra.redisUrl);
  });
  afterAll(async () => {
    await redis.quit();
    await edge.stop();
  });

  // Kills the mutant that drops `EX` from the store's SET (services/gateway/src/plugins/redis-session-store.ts):
  // the session would then outlive its cookie in Redis for ever.
  it("expire on their own after the 30 days their cookie lasts", async () => {
    const browser = new Browser(edge.gateway);
    const login = await browser.call("POST", "/api/auth/login", {}, { ...json, "x-test-sign-in-as": ANN });
    expect(login.statusCode).toBe(200);
    const keys = await redis.keys(`${edge.redisPrefix}session:*`);
    expect(keys).toHaveLength(1);
    const thirtyDays = 30 * 24 * 60 * 60;
    const ttl = await redis.ttl(keys[0] ?? "");
    expect(ttl).toBeGreaterThan(thirtyDays - 60);
    expect(ttl).toBeLessThanOrEqual(thirtyDays);
  });

  it("are deleted from Redis on signing out, not only forgotten by the browser", async () => {
    const before = new Set(await redis.keys(`${edge.redisPrefix}session:*`));
    const browser = new Browser(edge.gateway);
    await browser.call("POST", "/api/auth/login", {}, { ...json, "x-test-sign-in-as": BOB });
    const made = (await redis.keys(`${edge.redisPrefix}session:*`)).filter((key) => !before.has(key));
    expect(made).toHaveLength(1);
    expect((await browser.call("POST", "/api/auth/logout")).statusCode).toBe(200);
    expect(await redis.exists(made[0] ?? "")).toBe(0);
  });
  const signedInWithKey = async (userId: string) => {
    const before = new Set(await redis.keys(`${edge.redisPrefix}session:*`));
    const browser = new Browser(edge.gateway);
    await browser.call("POST", "/api/auth/login", {}, { ...json, "x-test-sign-in-as": userId });
    const [key] = (await redis.keys(`${edge.redisPrefix}session:*`)).filter((made) => !before.has(made));
    return { browser, key: key ?? "" };
  };
  const sessionCookieOf = (answer: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((answer.headers["set-cookie"] as string | string[] | undefined) ?? [])
      .find((cookie) => cookie.startsWith("td_session="));

  it("cost one Redis round trip for a signed-in browser's requests within a second, and are not written back", async () => {
    const { browser, key } = await signedInWithKey(ANN);
    const stored = await redis.get(key);
    const watched = await watchRedisCommands();
    try {
      for (const _ of [1, 2, 3]) {
        const answer = await browser.call("GET", "/api/user/channels");
        expect(answer.json()).toEqual({ caller: ANN });
        expect(sessionCookieOf(answer)).toBeUndefined();
      }
      const commands = await watched.commandsMentioning(edge.redisPrefix);
      expect(commands.map((args) => args[0]?.toLowerCase())).toEqual(["evalsha"]);
    } finally {
      watched.stop();
    }
    expect(await redis.get(key)).toBe(stored);
  });

  it("start their lifetime over, and send their cookie again, once a day at most", async () => {
    const { browser, key } = await signedInWithKey(ANN);
    const session = JSON.parse((await redis.get(key)) ?? "{}") as { renewedAt: number };
    const dayAndMinuteAgo = Date.now() - 24 * 60 * 60 * 1000 - 60_000;
    await redis.set(key, JSON.stringify({ ...session, renewedAt: dayAndMinuteAgo }), "EX", 60 * 60);
    const answer = await browser.call("GET", "/api/user/channels");
    expect(answer.json()).toEqual({ caller: ANN });
    expect(sessionCookieOf(answer)).toMatch(/Expires=/);
    const thirtyDays = 30 * 24 * 60 * 60;
    expect(await redis.ttl(key)).toBeGreaterThan(thirtyDays - 60);
    expect((JSON.parse((await redis.get(key)) ?? "{}") as { renewedAt: number }).renewedAt).toBeGreaterThan(
      dayAndMinuteAgo,
    );
  });

  it("are deleted from Redis when read after their user's sessions were ended", async () => {
    const [asking, other] = [await signedInWithKey(BOB), await signedInWithKey(BOB)];
    await asking.browser.call(
      "POST",
      "/api/auth/change-password",
      {},
      {
        ...json,
        "x-test-end-other-sessions-of": BOB,
      },
    );
    expect(await redis.exists(other.key)).toBe(1);
    const answer = await other.browser.call("GET", "/api/user/channels");
    expect(answer.statusCode).toBe(401);
    expect(sessionCookieOf(answer)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await redis.exists(other.key)).toBe(0);
    expect((await asking.browser.call("GET", "/api/user/channels")).json()).toEqual({ caller: BOB });
  });
});
