import { randomUUID } from "node:crypto";
import { INVALID_EMAIL } from "@tubedigest/http";
import {
  ANY_CONTENT_TYPE,
  emailAddress,
  hostileBodies,
  hostileQueries,
  hostileText,
  nearValid,
  notOneBareAddress,
} from "@tubedigest/testing/hostile-input";
import { type RawResponse, rawHttpRequest } from "@tubedigest/testing/raw-http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/domain/messages.ts";
import { asClaimHolder, asUser, type BillingUnderTest, startBilling } from "./support/billing-harness.ts";

const planName = fc.oneof(
  fc.constantFrom(
    "solo",
    "creator",
    "premium",
    "pro",
    "weekly",
    "realtime",
    "unlimited",
    "__proto__",
    "constructor",
  ),
  hostileText(20),
);
const amount = fc.oneof(
  fc.constantFrom(499, 999, 2999, 0, -999, 9.99, 999.5, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double(),
);

describe("bad input to every billing route (test mode on, so requests reach the database)", () => {
  let billing: BillingUnderTest;
  let port: number;
  let known: { userId: string; email: string };
  // Mostly a user billing knows, signed in or holding their claim, so the request gets past the caller
  // check to the database.
  const caller = (): fc.Arbitrary<Record<string, string>> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(known.userId).map(asUser) },
      { weight: 2, arbitrary: fc.constant(known.userId).map(asClaimHolder) },
      { weight: 1, arbitrary: fc.constantFrom(asUser, asClaimHolder).map((as) => as(randomUUID())) },
      { weight: 1, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc
          .string({ maxLength: 60 })
          .filter((text) => /^[\x21-\x7e]*$/.test(text))
          .chain((text) => fc.constantFrom(asUser, asClaimHolder).map((as) => as(text))),
      },
    );
  const email = () =>
    fc.oneof(fc.constant(known.email), emailAddress, nearValid(fc.constant(known.email)), notOneBareAddress);

  beforeAll(async () => {
    // A caller billing never hears of is answered once this wait is over.
    billing = await startBilling({ testMode: true, newAccountWaitMs: 50 });
    known = await billing.register();
    port = Number(new URL(await billing.app.listen({ port: 0, host: "127.0.0.1" })).port);
  });
  afterAll(() => billing.stop());

  function expectClientError(response: { status: number; body: string }, sent: string) {
    // The two 5xx allowed, each saying to try again later: no Stripe key here, so a well-formed card
    // payment is answered as not set up; and a caller whose sign-up billing has not heard of.
    if (response.status === 503) {
      expect([messages.cardPaymentsOff, messages.accountBeingSetUp], sent).toContain(
        JSON.parse(response.body).message,
      );
      return;
    }
    expect(response.status, sent).toBeLessThan(500);
    if (response.status >= 400) expect(typeof JSON.parse(response.body).message, sent).toBe("string");
  }

  const post = async (url: string, payload: string, contentType: string, caller: Record<string, string>) => {
    const response = await billing.app.inject({
      method: "POST",
      url,
      payload,
      headers: { "content-type": contentType, ...caller },
    });
    return { status: response.statusCode, body: response.body };
  };

  it.each([
    ["/api/create-payment-intent", () => ({ amount, plan: planName, email: email() })],
    [
      "/api/subscribe",
      () => ({
        email: email(),
        plan: planName,
        channelCount: fc.integer(),
        paymentIntentId: fc.oneof(fc.constant("pi_123"), hostileText(40)),
        channelIds: fc.array(fc.string(), { maxLength: 3 }),
      }),
    ],
    [
      "/api/subscribe-with-coupon",
      () => ({
        email: email(),
        plan: planName,
        channelCount: fc.integer(),
        testMode: fc.oneof(fc.constant(true), fc.jsonValue()),
      }),
    ],
    [
      "/internal/holds",
      () => ({
        holdKey: hostileText(40),
        videoId: fc.oneof(fc.constant("dQw4w9WgXcQ"), hostileText(11)),
        durationSeconds: fc.oneof(fc.integer(), fc.double()),
        amountCents: fc.oneof(fc.constantFrom(199, 399), fc.integer(), fc.double()),
      }),
    ],
    [
      "/internal/holds/quote",
      () => ({
        durationSeconds: fc.oneof(fc.constantFrom(0, 3599, 3600, 14_400, 14_401), fc.integer(), fc.double()),
      }),
    ],
  ])("POST %s answers bad bodies 4xx with a message, never 5xx", async (url, fields) => {
    await fc.assert(
      fc.asyncProperty(
        hostileBodies(fields()),
        ANY_CONTENT_TYPE,
        caller(),
        async (payload, contentType, user) => {
          expectClientError(await post(url, payload, contentType, user), `${url} ${payload}`);
        },
      ),
      { numRuns: 120 },
    );
  });

  it.each([
    ["/api/create-payment-intent", (email: string) => ({ email, plan: "pro", amount: 999 })],
    [
      "/api/subscribe",
      (email: string) => ({ email, plan: "pro", channelCount: 1, paymentIntentId: "pi_123" }),
    ],
    [
      "/api/subscribe-with-coupon",
      (email: string) => ({ email, plan: "pro", channelCount: 1, testMode: true }),
    ],
  ])("POST %s refuses an e-mail that is more than one bare address, whoever asks", async (url, body) => {
    const victim = fc
      .constant(known.email)
      .chain((address) =>
        fc.constantFrom(`x<${address}>`, `${address},`, `${address}, other@example.com`, `"x" <${address}>`),
      );
    await fc.assert(
      fc.asyncProperty(fc.oneof(victim, notOneBareAddress), caller(), async (email, user) => {
        const response = await post(url, JSON.stringify(body(email)), "application/json", user);
        expect({ status: response.status, body: JSON.parse(response.body) }, email).toEqual({
          status: 400,
          body: { message: INVALID_EMAIL },
        });
      }),
      { numRuns: 60 },
    );
  });

  it("answers bad query strings and callers on the other routes 4xx, never 5xx", async () => {
    const raw = (method: string, target: string, headers: Record<string, string>): Promise<RawResponse> =>
      rawHttpRequest(port, { method, target, headers });
    await fc.assert(
      fc.asyncProperty(hostileQueries({}), caller(), async (query, user) => {
        for (const [method, target] of [
          ["GET", `/api/subscription?${query}`],
          ["GET", `/api/plans?${query}`],
          ["GET", `/internal/account-summary?${query}`],
          ["POST", `/api/subscription/cancel?${query}`],
        ] as const) {
          expectClientError(await raw(method, target, user), `${method} ${target}`);
        }
      }),
      { numRuns: 80 },
    );
  });
});
