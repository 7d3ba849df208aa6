import {
  CLAIM_HOLDER_HEADER,
  CLAIM_HOLDER_PROOF_HEADER,
  CLIENT_ADDRESS_HEADER,
  claimHolderHeaders,
  clientAddress,
  clientAddressHeaders,
  createServiceApp,
  optionalClaimHolder,
  optionalUserId,
  type ServiceApp,
} from "@tubedigest/http";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";
import { Browser, IDENTITY_SECRET, startTestStack, type TestStack } from "./test-stack.ts";

/** Stands where billing would: answers with whom the gateway vouched for, and the raw headers it was sent. */
async function startProbe(): Promise<{ app: ServiceApp; url: string }> {
  const app = createServiceApp({ name: "probe", logLevel: "silent", identitySecret: IDENTITY_SECRET });
  app.all("/api/*", async (request) => ({
    claimHolder: optionalClaimHolder(request) ?? null,
    caller: optionalUserId(request) ?? null,
    holderHeader: request.headers[CLAIM_HOLDER_HEADER] ?? null,
    clientAddress: clientAddress(request),
  }));
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url };
}

let stack: TestStack;
let probe: { app: ServiceApp; url: string };
let authDown: EdgeGateway;

beforeAll(async () => {
  probe = await startProbe();
  stack = await startTestStack("real", { upstreams: { billing: probe.url } });
  // Auth's paths sent to a closed port: the gateway cannot ask whose claim a cookie is.
  authDown = await startEdgeGateway({
    upstreams: { billing: probe.url, auth: "http://127.0.0.1:9" },
    settings: { checkoutRateLimit: 3 },
  });
});
afterAll(async () => {
  await Promise.all([stack?.stop(), authDown?.stop()]);
  await probe?.app.close();
});

const checkout = (browser: Browser, email: string) =>
  browser.call("POST", "/api/create-payment-intent", { email, plan: "solo", amount: 499 });

/** A visitor who gave the landing page their address: an account without a password, and a claim on it. */
async function landingVisitor(gateway = stack.gateway) {
  const browser = new Browser(gateway);
  const email = `${uniqueName("visitor")}@example.com`;
  const made = await browser.call("POST", "/api/auth/register-with-email", { email });
  expect(made.statusCode).toBe(201);
  return { browser, email, made };
}

describe("a visitor's claim, beyond auth", () => {
  it("is a cookie the browser sends with every API call, not only auth's", async () => {
    const { made } = await landingVisitor();
    const claim = made.cookies.find((cookie) => cookie.name === "td_claim");
    expect(claim).toMatchObject({ path: "/api", httpOnly: true, sameSite: "Lax" });
  });

  it("names its account to the service, proved, while the claim is live; never as a signed-in caller", async () => {
    const { browser, email } = await landingVisitor();
    const first = (await checkout(browser, email)).json();
    expect(first).toMatchObject({ claimHolder: expect.stringMatching(/^[0-9a-f-]{36}$/), caller: null });
    expect((await checkout(browser, email)).json().claimHolder).toBe(first.claimHolder);

    // The claim is spent by signing in: from then on the visitor is that account's signed-in caller.
    expect((await browser.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(200);
    expect((await checkout(browser, email)).json()).toMatchObject({
      claimHolder: null,
      caller: first.claimHolder,
      holderHeader: null,
    });

    // Signed out, the browser holds nothing: its spent claim names nobody.
    await browser.call("POST", "/api/auth/logout");
    expect((await checkout(browser, email)).json()).toMatchObject({ claimHolder: null, caller: null });
  });

  it("names nobody for a stranger who only knows the address", async () => {
    const { email } = await landingVisitor();
    const stranger = new Browser(stack.gateway);
    expect((await checkout(stranger, email)).json()).toMatchObject({
      claimHolder: null,
      caller: null,
      holderHeader: null,
    });
  });

  it("names nobody for a cookie the browser made up, or a holder header the client sent itself", async () => {
    const { browser, email } = await landingVisitor();
    const holder = (await checkout(browser, email)).json().claimHolder as string;
    const forger = new Browser(stack.gateway);
    forger.cookies.set("td_claim", `${holder}.forged-signature`);
    const forged = await forger.call(
      "POST",
      "/api/create-payment-intent",
      { email, plan: "solo", amount: 499 },
      claimHolderHeaders(IDENTITY_SECRET, holder, "req-forged"),
    );
    expect(forged.json()).toMatchObject({ claimHolder: null, caller: null, holderHeader: null });
    const bare = await new Browser(stack.gateway).call(
      "POST",
      "/api/subscribe",
      {},
      {
        [CLAIM_HOLDER_HEADER]: holder,
        [CLAIM_HOLDER_PROOF_HEADER]: "v1.1.forged",
      },
    );
    expect(bare.json()).toMatchObject({ claimHolder: null, holderHeader: null });
  });

  it("is not looked up for reads", async () => {
    const { browser } = await landingVisitor();
    expect((await browser.call("GET", "/api/subscription")).json()).toMatchObject({ claimHolder: null });
  });

  it("names nobody, and the call still goes through, when auth cannot be asked", async () => {
    const browser = new Browser(authDown.gateway);
    browser.cookies.set("td_claim", "3f1c2a9e-6b0d-4c8e-9a51-2d7e4f60b1aa.signature");
    // Not a checkout call: this stack's checkout limit is the next test's.
    const response = await browser.call("POST", "/api/plans", { email: "someone@example.com" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ claimHolder: null, caller: null });
  });
});

describe("the client's address", () => {
  it("reaches the service as the gateway saw it, whatever the client claims", async () => {
    const response = await stack.gateway.inject({
      method: "POST",
      url: "/api/subscribe",
      remoteAddress: "203.0.113.7",
      headers: {
        "x-forwarded-for": "198.51.100.1",
        ...clientAddressHeaders("another-secret-of-at-least-32-characters", "198.51.100.2", "r"),
        [CLIENT_ADDRESS_HEADER]: "198.51.100.3",
      },
      payload: {},
    });
    expect(response.json().clientAddress).toBe("203.0.113.7");
  });
});

describe("the checkout's calls", () => {
  it("are limited per client address, whichever of them is called", async () => {
    const browser = new Browser(authDown.gateway);
    const codes: number[] = [];
    for (const path of [
      "/api/create-payment-intent",
      "/api/subscribe",
      "/api/subscribe-with-coupon",
      "/api/subscribe",
    ]) {
      codes.push((await browser.call("POST", path, {}, { "x-forwarded-for": "ignored" })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
