import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { CALLER_HEADER, createServiceApp, SESSION_USER_HEADER, type ServiceApp } from "@tubedigest/http";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildGatewayApp } from "../src/app.ts";
import { gatewayAloneSettings } from "./support/edge-gateway.ts";
import { Browser } from "./test-stack.ts";

const USER = "33333333-3333-4333-8333-333333333333";
type Answer = "ok" | "missing" | "failing" | "slow" | "unreachable";

const logged: Record<string, unknown>[] = [];
const log = pino(
  { level: "warn" },
  new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

/** An owner's /internal/account-summary answering as the test says, recording who it was told calls. */
async function startOwner(summary: Record<string, unknown>, name: string) {
  const state = { answer: "ok" as Answer, callers: [] as unknown[] };
  const app: ServiceApp = createServiceApp({ name, logger: pino({ level: "silent" }) });
  app.get("/internal/account-summary", async (request, reply) => {
    state.callers.push(request.headers[CALLER_HEADER]);
    if (state.answer === "unreachable") {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (state.answer === "missing") return reply.status(404).send({ message: "No such account" });
    if (state.answer === "failing") return reply.status(500).send({ message: "broken" });
    if (state.answer === "slow") await new Promise((resolve) => setTimeout(resolve, 4_000));
    return summary;
  });
  // Auth's sign-in: the directive that makes the gateway start a session for the user.
  app.post("/api/auth/login", async (_request, reply) => reply.header(SESSION_USER_HEADER, USER).send({}));
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, state, close: () => app.close() };
}

describe("current-user, composed by the gateway from the services that own each part", () => {
  let auth: Awaited<ReturnType<typeof startOwner>>;
  let catalog: Awaited<ReturnType<typeof startOwner>>;
  let billing: Awaited<ReturnType<typeof startOwner>>;
  let gateway: ServiceApp;

  beforeAll(async () => {
    auth = await startOwner({ email: "ann@example.com", fullName: "Ann" }, "auth");
    catalog = await startOwner({ channelCount: 3, channelAllowance: 5 }, "catalog");
    // A field that is another owner's is not taken from it.
    billing = await startOwner(
      { subscriptionStatus: "active", subscriptionPlan: "creator", email: "billing@example.com" },
      "billing",
    );
    gateway = await buildGatewayApp(
      gatewayAloneSettings(
        // Neither the summariser nor the mailer is asked for current-user: no service answers there.
        {
          auth: auth.url,
          catalog: catalog.url,
          billing: billing.url,
          summariser: "http://127.0.0.1:9",
          mailer: "http://127.0.0.1:9",
        },
        path.join(tmpdir(), "no-web-build-here"),
      ),
      { log },
    );
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([auth.close(), catalog.close(), billing.close()]);
  });
  beforeEach(() => {
    auth.state.answer = "ok";
    catalog.state.answer = "ok";
    billing.state.answer = "ok";
    logged.length = 0;
  });

  const signedIn = async () => {
    const browser = new Browser(gateway);
    const login = await browser.call("POST", "/api/auth/login", {}, { "content-type": "application/json" });
    expect(login.statusCode).toBe(200);
    return browser;
  };
  const currentUser = (browser: Browser) => browser.call("GET", "/api/auth/current-user");

  it("answers auth's, catalog's and billing's parts, naming the caller to each", async () => {
    const browser = await signedIn();
    for (const owner of [auth, catalog, billing]) owner.state.callers.length = 0;
    const answer = await currentUser(browser);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      email: "ann@example.com",
      fullName: "Ann",
      subscriptionStatus: "active",
      subscriptionPlan: "creator",
      channelCount: 3,
      channelAllowance: 5,
    });
    expect([auth.state.callers, catalog.state.callers, billing.state.callers]).toEqual([
      [USER],
      [USER],
      [USER],
    ]);
  });

  const optionalOwners = () => ({
    catalog: {
      owner: catalog,
      missing: { channelCount: 0, channelAllowance: null },
      kept: { subscriptionPlan: "creator" },
    },
    billing: {
      owner: billing,
      missing: { subscriptionStatus: null, subscriptionPlan: null },
      kept: { channelCount: 3, channelAllowance: 5 },
    },
  });

  describe.each(["catalog", "billing"] as const)("without %s's part", (name) => {
    it.each([
      ["failing", 500],
      ["missing", 404],
    ] as const)(
      "leaves its fields at their defaults when its answer is %s, and logs it",
      async (answer, status) => {
        const { owner, missing, kept } = optionalOwners()[name];
        const browser = await signedIn();
        owner.state.answer = answer;
        const response = await currentUser(browser);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ email: "ann@example.com", ...missing, ...kept });
        expect(logged).toContainEqual(
          expect.objectContaining({ url: owner.url, status, msg: "account summary missing a part" }),
        );
      },
    );

    it("leaves its fields at their defaults when it cannot be reached, and logs why", async () => {
      const { owner, missing, kept } = optionalOwners()[name];
      const browser = await signedIn();
      owner.state.answer = "unreachable";
      expect((await currentUser(browser)).json()).toMatchObject({
        email: "ann@example.com",
        ...missing,
        ...kept,
      });
      expect(logged).toContainEqual(
        expect.objectContaining({
          url: owner.url,
          err: expect.anything(),
          msg: "account summary missing a part",
        }),
      );
    });

    it("leaves its fields at their defaults when it does not answer within 3 seconds", async () => {
      const { owner, missing } = optionalOwners()[name];
      const browser = await signedIn();
      owner.state.answer = "slow";
      const started = performance.now();
      expect((await currentUser(browser)).json()).toMatchObject({ email: "ann@example.com", ...missing });
      expect(performance.now() - started).toBeLessThan(3_900);
    }, 10_000);
  });

  it("still answers auth's part with both catalog and billing down", async () => {
    const browser = await signedIn();
    catalog.state.answer = "unreachable";
    billing.state.answer = "failing";
    expect((await currentUser(browser)).json()).toEqual({
      email: "ann@example.com",
      fullName: "Ann",
      subscriptionStatus: null,
      subscriptionPlan: null,
      channelCount: 0,
      channelAllowance: null,
    });
  });

  it("is a 503 while auth cannot answer, and the session lives on", async () => {
    const browser = await signedIn();
    auth.state.answer = "failing";
    const failed = await currentUser(browser);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      message: "Your account cannot be loaded right now. Please try again in a moment.",
    });
    auth.state.answer = "ok";
    expect((await currentUser(browser)).statusCode).toBe(200);
  });

  it("is a 503 while auth cannot be reached", async () => {
    const browser = await signedIn();
    auth.state.answer = "unreachable";
    const failed = await currentUser(browser);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      message: "Your account cannot be loaded right now. Please try again in a moment.",
    });
  });

  it("ends the session of an account auth no longer has", async () => {
    const browser = await signedIn();
    auth.state.answer = "missing";
    const gone = await currentUser(browser);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: "You are not signed in." });
    auth.state.answer = "ok";
    expect((await currentUser(browser)).statusCode).toBe(401);
  });

  it("is a 401 without a session, asking no owner", async () => {
    auth.state.callers.length = 0;
    const answer = await currentUser(new Browser(gateway));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: "You are not signed in." });
    expect(auth.state.callers).toEqual([]);
  });

  it("signs out: the session ends", async () => {
    const browser = await signedIn();
    const logout = await browser.call("POST", "/api/auth/logout");
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: "You have been signed out." });
    expect((await currentUser(browser)).statusCode).toBe(401);
  });
});
