import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { canonicalTarget } from "../src/routes/canonical-path.ts";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";
import { isInternalRoute } from "./support/recording-upstream.ts";

const JSON_BODY = { body: "{}", headers: { "content-type": "application/json" } };
const arrivalsAt = (edge: EdgeGateway) => [
  ...edge.auth.arrivals,
  ...edge.catalog.arrivals,
  ...edge.billing.arrivals,
  ...edge.summariser.arrivals,
];

describe("one canonical path at the gateway's edge", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway();
  });
  afterAll(() => edge.stop());
  afterEach(() => {
    edge.auth.arrivals.length = 0;
    edge.catalog.arrivals.length = 0;
    edge.billing.arrivals.length = 0;
    edge.summariser.arrivals.length = 0;
  });

  it.each([
    // The review's reproduction: reply-from's URL parser turned `\` into `/` and resolved `..`.
    "/api/youtube/x\\..\\..\\..\\internal/channels/UC123/videos?since=2020-01-01T00:00:00Z",
    "/api/youtube/x\\..\\..\\..\\metrics",
    "/api/youtube/x\\..\\..\\..\\readyz",
    "/api/youtube/x/../../internal/channels/UC123/videos",
    "/api/auth/./login",
    "/api/auth/%2e/login",
    "/api/auth/%2E%2E/auth/login",
    "/api/youtube/./search?query=ab",
    "/api/youtube/..%2F..%2Fmetrics",
    "/api/youtube/x%5C..%5C..%5Cmetrics",
    "/api/youtube/%c0%ae%c0%ae/%c0%ae%c0%ae/metrics",
    "/api//auth/login",
    "//api/auth/login",
    "/api/auth/login%00",
    "/api/auth/lo%0d%0agin",
    "/api/youtube/search%ZZ",
    "/api/youtube/%",
    "http://127.0.0.1/internal/account-summary",
  ])("refuses %s with a 400 and forwards nothing", async (target) => {
    const response = await rawHttpRequest(edge.port, { method: "POST", target, ...JSON_BODY });
    expect(response.status).toBe(400);
    expect(typeof JSON.parse(response.body).message).toBe("string");
    expect(arrivalsAt(edge)).toEqual([]);
  });

  it.each([
    ["raw NUL", "/api/auth/lo\u0000gin"],
    ["raw space", "/api/auth/lo gin"],
    ["raw byte 0xC0", "/api/auth/lo\u00c0gin"],
  ])("refuses a %s in the request line and forwards nothing", async (_name, target) => {
    const response = await rawHttpRequest(edge.port, { target });
    expect(response.status).toBe(400);
    expect(arrivalsAt(edge)).toEqual([]);
  });

  it.each([
    ["POST", "/api/auth/log%69n", "auth", "/api/auth/login"],
    ["POST", "/%61pi/auth/login", "auth", "/api/auth/login"],
    [
      "GET",
      "/api/youtube/search?query=%2e%2e%2Fx&q='a'&r=a+b%20c&s=%E2%82%AC",
      "catalog",
      "/api/youtube/search",
    ],
    ["GET", "/api/user/channels?", "catalog", "/api/user/channels"],
    ["GET", "/api/user/channels/UC%5Fx", "catalog", "/api/user/channels/UC_x"],
    ["GET", "/api/pl%61ns", "billing", "/api/plans"],
    ["POST", "/api/webhooks/%73tripe?x=1", "billing", "/api/webhooks/stripe"],
    ["POST", "/api/process-youtube-vide%6f", "summariser", "/api/process-youtube-video"],
    ["POST", "/api/generate-newsletter-preview?x=%2e", "summariser", "/api/generate-newsletter-preview"],
  ] as const)(
    "%s %s reaches %s at exactly the path it was routed by",
    async (method, target, owner, path) => {
      const response = await rawHttpRequest(edge.port, {
        method,
        target,
        ...(method === "POST" ? JSON_BODY : {}),
      });
      expect(response.status).toBeLessThan(500);
      const canonical = canonicalTarget(target);
      expect(canonical).toMatchObject({ ok: true, path });
      const query = target.includes("?") ? target.slice(target.indexOf("?") + 1) : "";
      const received = edge[owner].arrivals;
      expect(received.map((arrival) => arrival.url)).toEqual([query ? `${path}?${query}` : path]);
      expect(arrivalsAt(edge)).toHaveLength(1);
    },
  );

  it.each([
    "/metrics",
    "/internal/account-summary",
    "/api/internal/account-summary",
    "/api/auth/../../metrics",
  ])("never lets %s reach a service's internal routes", async (target) => {
    const response = await rawHttpRequest(edge.port, { target });
    // A path outside /api/ is a page of the web app, never forwarded.
    expect(response.status).toBeLessThan(500);
    expect(response.body).not.toContain("process_cpu");
    expect(response.body).not.toContain("someone@example.com");
    expect(arrivalsAt(edge).filter((arrival) => isInternalRoute(arrival.route))).toEqual([]);
  });

  it("puts security headers on proxied answers, refusals and the gateway's own answers alike", async () => {
    for (const target of ["/api/youtube/search?query=ab", "/api/auth/./login", "/no-such-asset.js", "/"]) {
      const { headers } = await rawHttpRequest(edge.port, { target });
      expect(headers["content-security-policy"], target).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], target).toContain("script-src 'self' https://js.stripe.com");
      expect(headers["x-content-type-options"], target).toBe("nosniff");
      expect(headers["x-frame-options"], target).toBe("SAMEORIGIN");
      expect(headers["strict-transport-security"], target).toBeUndefined();
    }
  });
});

describe.each([
  ["real", true],
  ["embedded", false],
])("limits no spelling escapes (%s parts)", (_infra, real) => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({
      real,
      settings: {
        signInRateLimit: { max: 3, windowSeconds: 3600 },
        searchRateLimit: 2,
        summaryToolRateLimit: 2,
        newsletterRateLimit: 2,
        accountChangeRateLimit: 3,
        checkoutRateLimit: 3,
        abandonmentRateLimit: 2,
      },
    });
  });
  afterAll(() => edge.stop());

  const routeCount = (route: string) => arrivalsAt(edge).filter((arrival) => arrival.route === route).length;

  it("counts every spelling of the sign-in paths against one limit", async () => {
    const post = (target: string) => rawHttpRequest(edge.port, { method: "POST", target, ...JSON_BODY });
    const statuses = [];
    for (const target of [
      "/api/auth/login",
      "/api/auth/log%69n",
      "/api/auth/register",
      "/api/auth/%6cogin",
      // The sign-in link's look-up starts no session, but counts with the rest.
      "/api/auth/sign-in-link/previe%77",
    ]) {
      statuses.push((await post(target)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await post("/api/auth/./login")).status).toBe(400);
    expect((await post("/api/auth/%2e/login")).status).toBe(400);
    expect(routeCount("/api/auth/login") + routeCount("/api/auth/register")).toBe(3);
  });

  it("counts every spelling of the hidden tool's path against its limit, and no refused one reaches it", async () => {
    const post = (target: string) => rawHttpRequest(edge.port, { method: "POST", target, ...JSON_BODY });
    const statuses = [];
    for (const target of [
      "/api/process-youtube-video",
      "/api/process-youtube-vide%6f",
      "/api/%70rocess-youtube-video",
    ]) {
      statuses.push((await post(target)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    for (const target of [
      "/api/./process-youtube-video",
      "/api/process-youtube-video/..",
      "/api//process-youtube-video",
    ]) {
      expect((await post(target)).status, target).toBe(400);
    }
    expect(routeCount("/api/process-youtube-video")).toBe(2);
  });

  it("counts every spelling of the abandonment e-mail's path against its limit, and no refused one reaches the mailer", async () => {
    const post = (target: string) => rawHttpRequest(edge.port, { method: "POST", target, ...JSON_BODY });
    const statuses = [];
    for (const target of [
      "/api/send-abandonment-email",
      "/api/send-abandonment-emai%6c",
      "/api/%73end-abandonment-email",
    ]) {
      statuses.push((await post(target)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(
      edge.mailer.arrivals.filter((arrival) => arrival.route === "/api/send-abandonment-email"),
    ).toHaveLength(2);
  });

  it("counts a password change, an address change and a deletion, each mailing the account, against one limit", async () => {
    const send = (method: "POST" | "DELETE", target: string) =>
      rawHttpRequest(edge.port, { method, target, ...JSON_BODY });
    const statuses = [];
    for (const [method, target] of [
      ["POST", "/api/user/password"],
      ["POST", "/api/user/emai%6c"],
      ["DELETE", "/api/user/account"],
      ["POST", "/api/user/%70assword"],
      ["DELETE", "/api/user/accoun%74"],
    ] as const) {
      statuses.push((await send(method, target)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Pausing mails nobody: not counted.
    expect((await send("POST", "/api/user/deliveries/pause")).status).toBe(200);
    expect(
      routeCount("/api/user/password") + routeCount("/api/user/email") + routeCount("/api/user/account"),
    ).toBe(3);
  });

  it("counts a plan's quote, move and card portal with the checkout's calls, each of which asks Stripe", async () => {
    const statuses = [];
    for (const [method, target] of [
      ["POST", "/api/create-payment-intent"],
      ["GET", "/api/subscription/plan-quote?plan=pro"],
      ["POST", "/api/subscription/pla%6e"],
      ["POST", "/api/billing-portal"],
    ] as const) {
      statuses.push((await rawHttpRequest(edge.port, { method, target, ...JSON_BODY })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(routeCount("/api/billing-portal")).toBe(0);
  });

  it("counts every spelling of the newsletter-now path against its limit, and the preview against none of it", async () => {
    const post = (target: string) => rawHttpRequest(edge.port, { method: "POST", target, ...JSON_BODY });
    const statuses = [];
    for (const target of [
      "/api/generate-newsletter",
      "/api/generate-newsletter-preview",
      "/api/generate-newslette%72",
      "/api/%67enerate-newsletter",
    ]) {
      statuses.push((await post(target)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post("/api/./generate-newsletter")).status).toBe(400);
    expect(routeCount("/api/generate-newsletter")).toBe(2);
  });

  it("counts HEAD and GET of the search against one limit", async () => {
    const statuses = [];
    for (const method of ["GET", "HEAD", "GET", "HEAD"]) {
      statuses.push(
        (await rawHttpRequest(edge.port, { method, target: "/api/youtube/search?query=ab" })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(routeCount("/api/youtube/search")).toBe(2);
  });

  it("finds no generated spelling that reaches an internal route or passes a spent limit", async () => {
    const dots = fc.constantFrom(
      "..",
      ".",
      "%2e%2e",
      "%2E%2e",
      ".%2e",
      "%2e.",
      "%c0%ae%c0%ae",
      "%252e%252e",
      "..;",
    );
    const separator = fc.constantFrom("/", "\\", "%2f", "%2F", "%5c", "//", "/./");
    const target = fc.constantFrom(
      "internal/account-summary",
      "internal/channels/UC1/videos",
      "metrics",
      "readyz",
      "api/auth/login",
      "api/youtube/search",
    );
    const encodeSome = (text: string, mask: boolean[]) =>
      [...text]
        .map((char, i) =>
          mask[i % mask.length] && char !== "/"
            ? `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`
            : char,
        )
        .join("");
    const spelling = fc
      .record({
        prefix: fc.constantFrom(
          "/",
          "/api/youtube/",
          "/api/auth/",
          "/api/user/channels/",
          "/api/user/profile/",
        ),
        hops: fc.array(fc.tuple(dots, separator), { maxLength: 4 }),
        target,
        mask: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        method: fc.constantFrom("GET", "POST", "HEAD"),
        query: fc.constantFrom("", "?query=ab", "?x=%C0", "?a=..%2F"),
      })
      .map(({ prefix, hops, target: goal, mask, method, query }) => ({
        method,
        target: `${prefix}${hops.map(([dot, sep]) => dot + sep).join("")}${encodeSome(goal, mask)}${query}`,
      }));
    // Spend both limits first, with their plain spellings.
    const before = { login: routeCount("/api/auth/login"), search: routeCount("/api/youtube/search") };
    await fc.assert(
      fc.asyncProperty(spelling, async ({ method, target: raw }) => {
        const response = await rawHttpRequest(edge.port, {
          method,
          target: raw,
          ...(method === "POST" ? JSON_BODY : {}),
        });
        expect(response.status, raw).toBeLessThan(500);
        expect(
          arrivalsAt(edge).filter((arrival) => isInternalRoute(arrival.route)),
          raw,
        ).toEqual([]);
        expect(routeCount("/api/auth/login"), raw).toBe(before.login);
        expect(routeCount("/api/youtube/search"), raw).toBe(before.search);
      }),
      { numRuns: 300 },
    );
  });
});
