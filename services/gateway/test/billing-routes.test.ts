import { CALLER_HEADER, CALLER_PROOF_HEADER } from "@tubedigest/http/caller-proof";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

const USER = "44444444-4444-4444-8444-444444444444";
const JSON_TYPE = { "content-type": "application/json" };
const FOREIGN = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

/** As Stripe sends it: compact JSON is not promised, so spacing, escapes and non-ASCII must survive. */
const STRIPE_BODY =
  '{\n  "id": "evt_1Qx",\t"object":"event", "data": {"object": {"description": "Zoë’s plan — café 🎉",' +
  ' "amount": 1.50e1, "note": "\\u00e9 kept as written"}}   }\r\n  ';
const STRIPE_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "stripe-signature": "t=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
  "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
};

describe("billing's paths through the gateway", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    // A tight search limit, so a webhook counted against it would show.
    edge = await startEdgeGateway({ real: true, settings: { searchRateLimit: 2 } });
  });
  afterAll(() => edge.stop());
  afterEach(() => {
    for (const upstream of [edge.auth, edge.catalog, edge.billing]) upstream.arrivals.length = 0;
  });

  const others = () => [...edge.auth.arrivals, ...edge.catalog.arrivals];
  const webhook = (
    headers: Record<string, string> = {},
    body = STRIPE_BODY,
    target = "/api/webhooks/stripe",
  ) =>
    rawHttpRequest(edge.port, { method: "POST", target, headers: { ...STRIPE_HEADERS, ...headers }, body });

  it.each([
    ["GET", "/api/plans"],
    ["POST", "/api/subscribe"],
    ["POST", "/api/subscribe-with-coupon"],
    ["POST", "/api/create-payment-intent"],
    ["GET", "/api/subscription"],
    ["POST", "/api/subscription/cancel"],
    ["POST", "/api/billing-portal"],
    ["POST", "/api/webhooks/stripe"],
  ])("forwards %s %s to billing", async (method, target) => {
    const response = await rawHttpRequest(edge.port, {
      method,
      target,
      ...(method === "POST" ? { body: "{}", headers: JSON_TYPE } : {}),
    });
    expect(response.status).toBeLessThan(500);
    expect(edge.billing.arrivals.map((arrival) => [arrival.method, arrival.url])).toEqual([[method, target]]);
    expect(others()).toEqual([]);
  });

  it.each([
    "/api/plansx",
    "/api/subscribe-with",
    "/api/subscriptions",
    "/api/billing-portals",
    "/api/webhooks",
    "/api/webhooks/stripey",
    "/api/webhooks/paypal",
  ])("matches whole segments only: %s is nobody's", async (target) => {
    const response = await rawHttpRequest(edge.port, {
      method: "POST",
      target,
      body: "{}",
      headers: JSON_TYPE,
    });
    expect(response.status).toBe(404);
    expect([...edge.billing.arrivals, ...others()]).toEqual([]);
  });

  it("hands Stripe's webhook to billing byte for byte, with its signature and content type", async () => {
    const response = await webhook();
    expect(response.status).toBe(200);
    const [arrival] = edge.billing.arrivals;
    expect(arrival?.body?.equals(Buffer.from(STRIPE_BODY, "utf8"))).toBe(true);
    expect(arrival?.headers["stripe-signature"]).toBe(STRIPE_HEADERS["stripe-signature"]);
    expect(arrival?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(arrival?.headers["content-length"]).toBe(String(Buffer.byteLength(STRIPE_BODY)));
  });

  it("takes an event larger than a browser's requests, up to billing's own limit", async () => {
    const padding = "é ".repeat(150_000);
    const large = `{"id":"evt_large","padding":"${padding}"}`;
    const response = await webhook({}, large);
    expect(response.status).toBe(200);
    expect(edge.billing.arrivals[0]?.body?.equals(Buffer.from(large, "utf8"))).toBe(true);

    edge.billing.arrivals.length = 0;
    const tooLarge = await webhook({}, `{"padding":"${"x".repeat(1024 * 1024)}"}`);
    expect(tooLarge.status).toBe(413);
    expect(edge.billing.arrivals).toEqual([]);
  });

  it("sends the webhook on with no session even from a signed-in browser, whatever its origin", async () => {
    const login = await rawHttpRequest(edge.port, {
      method: "POST",
      target: "/api/auth/login",
      body: "{}",
      headers: { ...JSON_TYPE, "x-test-sign-in-as": USER },
    });
    const cookie = (login.headers["set-cookie"] ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^td_session=/);
    // The session is a real one: other paths are told who is calling.
    await rawHttpRequest(edge.port, { target: "/api/subscription", headers: { cookie } });
    expect(edge.billing.arrivals[0]?.headers[CALLER_HEADER]).toBe(USER);
    edge.billing.arrivals.length = 0;

    const response = await webhook({ cookie, ...FOREIGN });
    expect(response.status).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const [arrival] = edge.billing.arrivals;
    expect(arrival?.headers[CALLER_HEADER]).toBeUndefined();
    expect(arrival?.headers[CALLER_PROOF_HEADER]).toBeUndefined();
    expect(arrival?.headers.cookie).toBeUndefined();
  });

  it.each([
    ["POST", "/api/subscribe"],
    ["POST", "/api/create-payment-intent"],
    ["POST", "/api/subscription/cancel"],
    ["POST", "/api/billing-portal"],
    ["POST", "/api/webhooks/stripe/replay"],
    ["PUT", "/api/webhooks/stripe"],
    ["POST", "/api/user/channels"],
  ])("keeps the same-origin guard on %s %s", async (method, target) => {
    const response = await rawHttpRequest(edge.port, {
      method,
      target,
      body: "{}",
      headers: { ...JSON_TYPE, ...FOREIGN },
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toEqual({
      message: "This request came from another website and was refused.",
    });
    expect([...edge.billing.arrivals, ...others()]).toEqual([]);
  });

  it("lets a burst of Stripe's deliveries through, counting none against another limit", async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, () => webhook()));
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(200));
    expect(edge.billing.arrivals).toHaveLength(40);

    const searches = [];
    for (let i = 0; i < 3; i++) {
      searches.push((await rawHttpRequest(edge.port, { target: "/api/youtube/search?query=ab" })).status);
    }
    expect(searches).toEqual([200, 200, 429]);
  });
});
