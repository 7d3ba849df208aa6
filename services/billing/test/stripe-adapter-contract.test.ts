import { type FakeStripeApi, startFakeStripeApi } from "@tubedigest/testing/stripe";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BadSignatureError,
  CardDeclinedError,
  type CardPayments,
} from "../src/adapters/stripe/card-payments.ts";
import { createStripeCardPayments } from "../src/adapters/stripe/stripe-card-payments.ts";
import { planById } from "../src/plans/plans.ts";

/**
 * Billing's Stripe adapter on its own, through the official SDK, against the fake Stripe that answers
 * the calls it makes as Stripe does: the answers it reads, the refusals and failures it turns into
 * billing's errors or rides out.
 */
describe("the Stripe adapter's contract, against the fake Stripe", () => {
  let stripe: FakeStripeApi;
  let cards: CardPayments;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    cards = createStripeCardPayments({
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      apiUrl: stripe.url,
      timeoutMs: 2_000,
    });
  });
  afterAll(() => stripe.close());

  let users = 0;
  /** A customer whose first payment for `plan` went through: the subscription and the card it keeps. */
  async function subscriber(plan: "solo" | "pro" = "solo") {
    users += 1;
    const userId = `user-${users}`;
    const customerId = await cards.createCustomer({ userId, email: `${userId}@example.com` });
    const started = await cards.startSubscription({
      userId,
      customerId,
      plan: planById(plan),
      key: userId,
      trialEnd: null,
    });
    stripe.confirmPaymentIntent(started.confirmation.intentId, "succeeds");
    const subscription = await cards.subscription(started.subscriptionId);
    return { customerId, subscription, paymentIntentId: started.confirmation.intentId };
  }

  /** A webhook for `event`, signed with the endpoint's secret `secondsAgo` ago unless told otherwise. */
  const signed = (event: Stripe.Event, secret = stripe.webhookSecret, secondsAgo = 0) => {
    const payload = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000) - secondsAgo;
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return [Buffer.from(payload), header] as const;
  };

  it("makes one customer per user and one subscription per checkout key, however often asked", async () => {
    const customerId = await cards.createCustomer({ userId: "once", email: "once@example.com" });
    expect(await cards.createCustomer({ userId: "once", email: "once@example.com" })).toBe(customerId);
    const checkout = {
      userId: "once",
      customerId,
      plan: planById("solo"),
      key: "checkout-1",
      trialEnd: null,
    };
    const first = await cards.startSubscription(checkout);
    expect(await cards.startSubscription(checkout)).toEqual(first);
    const other = await cards.startSubscription({ ...checkout, key: "checkout-2" });
    expect(other.subscriptionId).not.toBe(first.subscriptionId);
  });

  it("reads a paid subscription back: active, on its plan, with the card it keeps", async () => {
    const { customerId, subscription, paymentIntentId } = await subscriber("solo");
    expect(subscription).toMatchObject({
      customerId,
      status: "active",
      plan: "solo",
      cancelAtPeriodEnd: false,
      endedForNonPayment: false,
    });
    expect(subscription.defaultPaymentMethod).toMatch(/^pm_/);
    expect(subscription.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
    expect(await cards.payment(paymentIntentId)).toEqual({
      status: "succeeded",
      amountCents: 499,
      customerId,
    });
  });

  it("starts a trial whose setup intent saves the card: trialing until its end, nothing charged", async () => {
    const customerId = await cards.createCustomer({ userId: "trialist", email: "trialist@example.com" });
    const trialEnd = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    const started = await cards.startSubscription({
      userId: "trialist",
      customerId,
      plan: planById("premium"),
      key: "trial-1",
      trialEnd,
    });
    expect(started.confirmation).toMatchObject({ kind: "setup", amountCents: 0 });
    expect(started.confirmation.clientSecret.startsWith(`${started.confirmation.intentId}_secret_`)).toBe(
      true,
    );
    expect(await cards.setupIntent(started.confirmation.intentId)).toEqual({
      status: "requires_payment_method",
      customerId,
    });
    stripe.confirmSetupIntent(started.confirmation.intentId, "succeeds");
    expect(await cards.setupIntent(started.confirmation.intentId)).toEqual({
      status: "succeeded",
      customerId,
    });
    const trialing = await cards.subscription(started.subscriptionId);
    expect(trialing).toMatchObject({ status: "trialing", plan: "premium", paidPlan: undefined });
    expect(trialing.defaultPaymentMethod).toMatch(/^pm_/);
    expect(trialing.currentPeriodEnd.getTime()).toBe(Math.floor(trialEnd.getTime() / 1000) * 1000);
  });

  it("previews a move up and charges exactly that at once; a move down keeps the paid plan until the period's end", async () => {
    const { customerId, subscription } = await subscriber("solo");
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const pro = planById("pro");
    const shown = await cards.previewPlanChange({
      customerId,
      subscriptionId: subscription.id,
      plan: pro,
      at,
    });
    expect(shown).toBeGreaterThan(2490);
    const up = {
      subscriptionId: subscription.id,
      plan: pro,
      billing: "prorated-now" as const,
      at,
      key: "up",
    };
    const moved = await cards.changePlan(up);
    expect(moved.payment?.amountCents).toBe(shown);
    expect(moved.subscription).toMatchObject({ plan: "pro", paidPlan: undefined });
    expect(await cards.changePlan(up)).toEqual(moved);

    const down = { ...up, plan: planById("premium"), billing: "from-next-period" as const, key: "down" };
    const later = await cards.changePlan(down);
    expect(later).toMatchObject({ payment: null, subscription: { plan: "premium", paidPlan: "pro" } });
    expect(await cards.subscription(subscription.id)).toMatchObject({ plan: "premium", paidPlan: "pro" });
    const kept = await cards.changePlan({ ...down, plan: pro, key: "keep" });
    expect(kept.subscription).toMatchObject({ plan: "pro", paidPlan: undefined });
  });

  it("turns a move up the card declines into CardDeclinedError, the plan unchanged", async () => {
    const { subscription } = await subscriber("solo");
    stripe.fail("POST /v1/subscriptions/:id", { kind: "cardDeclined" }, 1);
    const up = {
      subscriptionId: subscription.id,
      plan: planById("pro"),
      billing: "prorated-now" as const,
      at: new Date(),
      key: "declined-up",
    };
    await expect(cards.changePlan(up)).rejects.toEqual(new CardDeclinedError("Your card was declined."));
    expect((await cards.subscription(subscription.id)).plan).toBe("solo");
  });

  it("turns a declined hold into CardDeclinedError, with Stripe's message for the customer", async () => {
    const { customerId, subscription } = await subscriber();
    stripe.fail("POST /v1/payment_intents", { kind: "cardDeclined", declineCode: "insufficient_funds" }, 1);
    const held = {
      customerId,
      paymentMethod: subscription.defaultPaymentMethod ?? "",
      amountCents: 199,
      key: "declined",
      description: "A video",
    };
    await expect(cards.hold(held)).rejects.toEqual(
      new CardDeclinedError("Your card has insufficient funds."),
    );
    expect(await cards.hold({ ...held, key: "next" })).toMatch(/^pi_/);
  });

  it("rides out a 5xx through the SDK's retries, one payment under one key", async () => {
    const { customerId, subscription } = await subscriber();
    stripe.fail("POST /v1/payment_intents", { kind: "serverError", status: 503 }, 1);
    const asked = stripe.requests.length;
    const intent = await cards.hold({
      customerId,
      paymentMethod: subscription.defaultPaymentMethod ?? "",
      amountCents: 399,
      key: "retried",
      description: "A video",
    });
    const holds = stripe.requests.slice(asked);
    expect(holds.map((request) => request.status)).toEqual([503, 200]);
    expect(new Set(holds.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(stripe.paymentIntent(intent)).toMatchObject({ status: "requires_capture", amount: 399 });
  });

  it("tells its observer of every try and answer, object ids left out of the resource", async () => {
    const calls: string[] = [];
    const observed = createStripeCardPayments(
      { secretKey: stripe.secretKey, apiUrl: stripe.url, timeoutMs: 2_000 },
      {
        started: ({ method, resource }) => calls.push(`try ${method} ${resource}`),
        answered: ({ method, resource, status, seconds }) => {
          expect(seconds).toBeGreaterThanOrEqual(0);
          calls.push(`answer ${method} ${resource} ${status}`);
        },
      },
    );
    const { customerId, subscription } = await subscriber();
    stripe.fail("POST /v1/payment_intents", { kind: "serverError", status: 503 }, 1);
    await observed.hold({
      customerId,
      paymentMethod: subscription.defaultPaymentMethod ?? "",
      amountCents: 399,
      key: "observed-hold",
      description: "A video",
    });
    await observed.subscription(subscription.id);
    stripe.fail("POST /v1/payment_intents", { kind: "cardDeclined" }, 1);
    await observed
      .hold({
        customerId,
        paymentMethod: subscription.defaultPaymentMethod ?? "",
        amountCents: 399,
        key: "observed-declined",
        description: "A video",
      })
      .catch(() => undefined);
    // The SDK reports the answer it keeps: a 503 it retried has none, a declined card's 402 does.
    expect(calls).toEqual([
      "try POST /v1/payment_intents",
      "try POST /v1/payment_intents",
      "answer POST /v1/payment_intents 200",
      "try GET /v1/subscriptions/:id",
      "answer GET /v1/subscriptions/:id 200",
      "try POST /v1/payment_intents",
      "answer POST /v1/payment_intents 402",
    ]);
  });

  it("leaves alone what Stripe no longer has: a canceled subscription, a deleted customer", async () => {
    const { customerId, subscription } = await subscriber();
    await cards.cancelNow(subscription.id);
    await cards.cancelNow(subscription.id);
    await cards.deleteCustomer(customerId);
    await cards.deleteCustomer(customerId);
    await cards.updateCustomerEmail(customerId, "moved@example.com");
    expect(stripe.customerDeleted(customerId)).toBe(true);
    expect((await cards.subscription(subscription.id)).status).toBe("canceled");
  });

  it("verifies a webhook and names the subscription or payment it concerns; refuses a forged one", async () => {
    const before = stripe.events.length;
    const { subscription, paymentIntentId } = await subscriber();
    const events = stripe.events.slice(before);
    const named = events.map((event) => {
      const { type, subscriptionId, paymentIntentId } = cards.verifyEvent(...signed(event));
      return { type, subscriptionId, paymentIntentId };
    });
    expect(named).toEqual([
      { type: "payment_intent.succeeded", subscriptionId: undefined, paymentIntentId },
      { type: "invoice.paid", subscriptionId: subscription.id, paymentIntentId: undefined },
      { type: "customer.subscription.updated", subscriptionId: subscription.id, paymentIntentId: undefined },
    ]);
    const forged = signed(events[0] as Stripe.Event, "whsec_someone_else");
    expect(() => cards.verifyEvent(...forged)).toThrow(BadSignatureError);
    const stale = signed(events[0] as Stripe.Event, stripe.webhookSecret, 10 * 60);
    expect(() => cards.verifyEvent(...stale)).toThrow(BadSignatureError);
  });
});
