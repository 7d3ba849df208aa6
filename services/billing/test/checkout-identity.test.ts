import { randomUUID } from "node:crypto";
import type { FakeStripeApi } from "@tubedigest/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/domain/messages.ts";
import {
  asClaimHolder,
  asUser,
  type BillingUnderTest,
  startBillingWithStripe,
} from "./support/billing-harness.ts";

const paymentIntentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who may act on an account at checkout: its signed-in owner, or the visitor whose browser holds the
 * live claim on the password-less account it made — for that account only, and only for its first
 * subscription. Card payments against the fake Stripe and test mode, both on.
 */
describe("billing acts for the account's owner, never for whoever names its e-mail", () => {
  let stripe: FakeStripeApi;
  let billing: BillingUnderTest;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stripe, billing, stop } = await startBillingWithStripe({ testMode: true }));
  });
  afterAll(() => stop());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    billing.app.inject({ method: "POST", url, payload, headers });
  const answerOf = (reply: { statusCode: number; json: () => unknown }) => ({
    status: reply.statusCode,
    body: reply.json(),
  });
  const summary = async (userId: string) =>
    (await billing.app.inject({ url: "/internal/account-summary", headers: asUser(userId) })).json();
  /** Everything that could move money or a plan: Stripe calls that change something, and billing's events. */
  const changesSince = (stripeRequests: number, userId: string) => ({
    stripeWrites: stripe.requests.slice(stripeRequests).filter((request) => request.method !== "GET"),
    events: billing.eventsOf(userId),
  });

  /** An account whose free days are over. */
  const registerAfterTrial = () => billing.register({ at: new Date(Date.now() - 8 * DAY_MS) });

  /** A subscriber paying by card for `plan`, checked out while signed in. */
  async function cardSubscriber(plan: "premium" | "solo", amount: number) {
    const user = await registerAfterTrial();
    const reply = await post("/api/create-payment-intent", { amount, plan }, asUser(user.userId));
    const paymentIntentId = paymentIntentOf(reply.json().clientSecret);
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    const body = { plan, channelCount: 1, paymentIntentId };
    expect((await post("/api/subscribe", body, asUser(user.userId))).statusCode).toBe(200);
    await stripe.deliverAll();
    await expect.poll(() => billing.eventsOf(user.userId)).toEqual(["subscription.activated"]);
    return { ...user, paymentIntentId };
  }

  /** A subscriber on a test-mode plan. */
  async function testModeSubscriber() {
    const user = await registerAfterTrial();
    const body = { plan: "solo", testMode: true };
    expect((await post("/api/subscribe-with-coupon", body, asUser(user.userId))).statusCode).toBe(200);
    await expect.poll(() => billing.eventsOf(user.userId)).toEqual(["subscription.activated"]);
    return user;
  }

  /** Every checkout call a stranger might make with someone's address, as the finding reproduced them. */
  const checkoutCalls = (email: string, paymentIntentId: string) =>
    [
      ["/api/create-payment-intent", { email, plan: "solo", amount: 499 }],
      ["/api/create-payment-intent", { email, plan: "pro", amount: 2999 }],
      ["/api/subscribe-with-coupon", { email, plan: "pro", testMode: true }],
      ["/api/subscribe", { email, plan: "pro", channelCount: 1, paymentIntentId }],
      ["/api/subscribe", { email, paymentIntentId: "pi_x" }],
    ] as const;

  async function expectNothingReachable(asker: () => Record<string, string>) {
    const alice = await cardSubscriber("premium", 999);
    const tessa = await testModeSubscriber();
    const stripeRequests = stripe.requests.length;
    for (const victim of [alice, tessa]) {
      const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`;
      const victimCalls = checkoutCalls(victim.email, alice.paymentIntentId);
      const nobodyCalls = checkoutCalls(nobody, alice.paymentIntentId);
      for (const [index, [url, body]] of victimCalls.entries()) {
        const [, nobodyBody] = nobodyCalls[index] ?? [];
        const aboutVictim = answerOf(await post(url, body, asker()));
        const aboutNobody = answerOf(await post(url, nobodyBody ?? {}, asker()));
        // The same answer whether or not the address has an account: nothing to enumerate.
        expect(aboutVictim, `${url} ${JSON.stringify(body)}`).toEqual(aboutNobody);
        expect(aboutVictim).toEqual({ status: 404, body: { message: messages.checkoutNotYours } });
      }
    }
    expect(await summary(alice.userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
    expect(await summary(tessa.userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "solo",
      dailyDigest: false,
    });
    for (const victim of [alice, tessa]) {
      expect(changesSince(stripeRequests, victim.userId)).toEqual({
        stripeWrites: [],
        events: ["subscription.activated"],
      });
    }
  }

  it("a stranger with a subscriber's e-mail switches, invoices and abandons nothing, answered as for an unknown address", async () => {
    await expectNothingReachable(() => ({}));
  });

  it("a visitor's claim on their own account reaches no other: another's e-mail is answered as an unknown one", async () => {
    const mallory = await billing.register();
    await expectNothingReachable(() => asClaimHolder(mallory.userId));
    expect(await summary(mallory.userId)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: null,
      dailyDigest: false,
    });
  });

  it("the landing page's visitor checks out their own fresh account on its claim, by card, $0 during the free days", async () => {
    const visitor = await billing.register();
    const asVisitor = () => asClaimHolder(visitor.userId);
    const intent = await post(
      "/api/create-payment-intent",
      { email: visitor.email, plan: "solo", amount: 499 },
      asVisitor(),
    );
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ confirm: "setup", amountCents: 0 });
    const setupIntentId = paymentIntentOf(intent.json().clientSecret);
    stripe.confirmSetupIntent(setupIntentId, "succeeds");
    const body = { email: visitor.email, plan: "solo", channelCount: 1, setupIntentId };
    const subscribed = await post("/api/subscribe", body, asVisitor());
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().subscription).toMatchObject({ status: "trial", plan: "solo" });
  });

  it("the landing page's visitor activates a test-mode plan on their own account's claim, and again is the same", async () => {
    const visitor = await billing.register();
    for (let i = 0; i < 2; i++) {
      const body = { email: visitor.email, plan: "premium", channelCount: 1, testMode: true };
      const reply = await post("/api/subscribe-with-coupon", body, asClaimHolder(visitor.userId));
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({ status: "trial", plan: "premium" });
    }
    await expect.poll(() => billing.eventsOf(visitor.userId)).toEqual(["subscription.activated"]);
  });

  it("a plan in force changes in Settings, for its signed-in owner only: never at checkout, never on a claim", async () => {
    const payer = await cardSubscriber("solo", 499);
    const tester = await testModeSubscriber();
    const stripeRequests = stripe.requests.length;
    const upgrade = { email: payer.email, plan: "pro", amount: 2999 };
    const coupon = { email: tester.email, plan: "pro", testMode: true };
    for (const [url, body, who] of [
      ["/api/create-payment-intent", upgrade, payer],
      ["/api/subscribe-with-coupon", coupon, tester],
    ] as const) {
      for (const headers of [asClaimHolder(who.userId), asUser(who.userId)]) {
        const reply = await post(url, body, headers);
        expect(answerOf(reply)).toEqual({ status: 409, body: { message: messages.changePlanInSettings } });
      }
    }
    const onClaim = await billing.app.inject({
      url: "/api/subscription/plan-quote?plan=pro",
      headers: asClaimHolder(payer.userId),
    });
    expect(onClaim.statusCode).toBe(401);
    expect(changesSince(stripeRequests, payer.userId)).toEqual({
      stripeWrites: [],
      events: ["subscription.activated"],
    });
    expect(await summary(tester.userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "solo",
      dailyDigest: false,
    });
  });
});
