import type { FakeStripeApi } from "@tubedigest/testing/stripe";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type BillingUnderTest, startBillingWithStripe } from "./support/billing-harness.ts";

const PRICES = { solo: 499, creator: 999, premium: 999, pro: 2999 } as const;
const paymentIntentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

/** A monthly price in the fake, as any other Stripe account might have. */
async function anyPrice(stripe: Stripe): Promise<string> {
  const product = await stripe.products.create({ name: "Another product" });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: 500,
    currency: "usd",
    recurring: { interval: "month" },
  });
  return price.id;
}

describe("billing with Stripe (the official SDK against a fake Stripe)", () => {
  let stripe: FakeStripeApi;
  let billing: BillingUnderTest;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stripe, billing, stop } = await startBillingWithStripe({ testMode: false }));
  });
  afterAll(() => stop());

  const post = (url: string, payload: object | undefined, userId?: string) =>
    billing.app.inject({
      method: "POST",
      url,
      ...(payload ? { payload } : {}),
      headers: userId ? asUser(userId) : {},
    });
  const summary = async (userId: string) =>
    (await billing.app.inject({ url: "/internal/account-summary", headers: asUser(userId) })).json();
  const checkout = async (userId: string, plan: keyof typeof PRICES) => {
    const reply = await post("/api/create-payment-intent", { amount: PRICES[plan], plan }, userId);
    expect(reply.statusCode).toBe(200);
    return paymentIntentOf(reply.json().clientSecret);
  };
  const subscribe = (userId: string, paymentIntentId: string, plan = "premium") =>
    post("/api/subscribe", { plan, channelCount: 1, paymentIntentId }, userId);
  /** Delivers every event Stripe has not delivered yet, as Stripe would, one after another. */
  const deliverPending = () => stripe.deliverAll();
  const paidSubscriber = async (plan: keyof typeof PRICES = "premium") => {
    const user = await billing.register();
    const paymentIntentId = await checkout(user.userId, plan);
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    expect((await subscribe(user.userId, paymentIntentId, plan)).statusCode).toBe(200);
    await deliverPending();
    return { ...user, paymentIntentId };
  };
  const stripeSubscriptionOf = async (userId: string) =>
    (
      await billing.database.db
        .selectFrom("subscriptions")
        .select("stripe_subscription_id")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).stripe_subscription_id ?? "";

  it.each(Object.entries(PRICES))(
    "charges exactly %s's price, %i cents, on a monthly subscription",
    async (plan, cents) => {
      const { userId } = await billing.register();
      const paymentIntentId = await checkout(userId, plan as keyof typeof PRICES);
      expect(stripe.paymentIntent(paymentIntentId)).toMatchObject({ amount: cents, currency: "usd" });
    },
  );

  it("refuses an amount that is not the plan's price, before asking Stripe anything", async () => {
    const { userId } = await billing.register();
    const asked = stripe.requests.length;
    for (const amount of [499, 2999 - 1, 1]) {
      const reply = await post("/api/create-payment-intent", { amount, plan: "pro" }, userId);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toMatch(/does not match the plan's price/);
    }
    expect(stripe.requests.length).toBe(asked);
  });

  it("finds or creates each plan's price by lookup key, so a new Stripe account needs no setup", async () => {
    const { userId } = await billing.register();
    await checkout(userId, "solo");
    const prices = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/prices",
    );
    expect(prices.length).toBeGreaterThanOrEqual(1);
    expect(
      prices.every((request) =>
        String((request.body as { lookup_key?: string }).lookup_key).startsWith("tubedigest_"),
      ),
    ).toBe(true);
  });

  it("gives the same payment when checkout is asked again for the same plan, and one subscription", async () => {
    const { userId } = await billing.register();
    const first = await checkout(userId, "premium");
    const second = await checkout(userId, "premium");
    expect(second).toBe(first);
  });

  it("makes one subscription for a checkout asked twice at once, and leaves one when the visitor changes plan", async () => {
    const { userId } = await billing.register();
    const [first, second] = await Promise.all([checkout(userId, "premium"), checkout(userId, "premium")]);
    expect(second).toBe(first);
    const { stripe_customer_id: customer } = await billing.database.db
      .selectFrom("accounts")
      .select("stripe_customer_id")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const subscriptions = () => stripe.subscriptionsOf(customer ?? "");
    expect(subscriptions()).toHaveLength(1);

    await checkout(userId, "pro");
    const back = await checkout(userId, "premium");
    expect(back).not.toBe(first);
    expect(subscriptions()).toHaveLength(3);
    expect(subscriptions().filter((subscription) => subscription.status !== "canceled")).toHaveLength(1);
    stripe.confirmPaymentIntent(back, "succeeds");
    expect((await subscribe(userId, back)).statusCode).toBe(200);
    expect(await summary(userId)).toEqual({ subscriptionStatus: "active", subscriptionPlan: "premium" });
  });

  it("activates only once Stripe says the payment succeeded, and only once", async () => {
    const { userId } = await billing.register();
    const paymentIntentId = await checkout(userId, "premium");
    const early = await subscribe(userId, paymentIntentId);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toEqual({
      message: "Payment status unknown. Please contact support if you were charged.",
    });
    expect(await summary(userId)).toEqual({ subscriptionStatus: "trial", subscriptionPlan: null });

    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    for (let i = 0; i < 2; i++) {
      const reply = await subscribe(userId, paymentIntentId);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({ status: "active", plan: "premium", testMode: false });
    }
    await deliverPending();
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
    expect(await summary(userId)).toEqual({ subscriptionStatus: "active", subscriptionPlan: "premium" });
  });

  it("activates nothing when the card is declined", async () => {
    const { userId } = await billing.register();
    const paymentIntentId = await checkout(userId, "pro");
    stripe.confirmPaymentIntent(paymentIntentId, "declines");
    expect((await subscribe(userId, paymentIntentId, "pro")).statusCode).toBe(402);
    await deliverPending();
    expect(await summary(userId)).toEqual({ subscriptionStatus: "trial", subscriptionPlan: null });
    expect(billing.eventsOf(userId)).toEqual([]);
  });

  it("refuses a payment made for another account", async () => {
    const payer = await billing.register();
    const other = await billing.register();
    const paymentIntentId = await checkout(payer.userId, "solo");
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    const reply = await subscribe(other.userId, paymentIntentId, "solo");
    expect(reply.statusCode).toBe(404);
    expect(await summary(other.userId)).toEqual({ subscriptionStatus: "trial", subscriptionPlan: null });
  });

  it("activates from the webhook when the browser closed after paying", async () => {
    const { userId } = await billing.register();
    const paymentIntentId = await checkout(userId, "solo");
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    await deliverPending();
    expect(await summary(userId)).toEqual({ subscriptionStatus: "active", subscriptionPlan: "solo" });
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
  });

  it("acts on a webhook delivered twice at the same time once", async () => {
    const { userId } = await billing.register();
    const paymentIntentId = await checkout(userId, "premium");
    const before = stripe.events.length;
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    const paid = stripe.events.slice(before).find((event) => event.type === "invoice.paid");
    expect(paid).toBeDefined();
    const results = await stripe.deliver(String(paid?.id), { times: 2, concurrently: true });
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const handled = await billing.database.db
      .selectFrom("stripe_events")
      .selectAll()
      .where("event_id", "=", String(paid?.id))
      .execute();
    expect(handled).toHaveLength(1);
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
  });

  it("refuses a webhook whose signature does not hold or is too old, changing nothing", async () => {
    const { userId } = await billing.register();
    const paymentIntentId = await checkout(userId, "premium");
    const before = stripe.events.length;
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    for (const event of stripe.events.slice(before)) {
      for (const signature of ["tampered", "expired"] as const) {
        const [result] = await stripe.deliver(String(event.id), { signature });
        expect(result?.status).toBe(400);
      }
    }
    const unsigned = await billing.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload: { id: "evt_1" },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await summary(userId)).toEqual({ subscriptionStatus: "trial", subscriptionPlan: null });
  });

  it("cancels at the period's end: access until then, then expired", async () => {
    const { userId } = await paidSubscriber("premium");
    const cancelled = await post("/api/subscription/cancel", undefined, userId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await deliverPending();
    expect(await summary(userId)).toEqual({ subscriptionStatus: "active", subscriptionPlan: "premium" });

    stripe.endPeriod(await stripeSubscriptionOf(userId));
    await deliverPending();
    expect((await summary(userId)).subscriptionStatus).toBe("expired");
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.cancelled", "subscription.expired"]);
  });

  it("keeps access while Stripe retries a failed renewal, and ends it when Stripe gives up", async () => {
    const { userId } = await paidSubscriber("pro");
    const subscriptionId = await stripeSubscriptionOf(userId);
    stripe.advanceToRenewal(subscriptionId, "failed");
    await deliverPending();
    const pastDue = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
    expect(pastDue.json()).toMatchObject({ status: "active", paymentPastDue: true });

    stripe.failRenewalFinally(subscriptionId);
    await deliverPending();
    expect((await summary(userId)).subscriptionStatus).toBe("expired");
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.expired"]);
    expect(billing.eventData(userId, "subscription.expired")).toMatchObject({
      reason: "payment-failed",
      plan: null,
      channelAllowance: 5,
    });
  });

  it("ends access as unpaid when Stripe leaves a renewal unpaid instead of cancelling", async () => {
    const { userId } = await paidSubscriber("solo");
    const subscriptionId = await stripeSubscriptionOf(userId);
    stripe.advanceToRenewal(subscriptionId, "failed");
    stripe.failRenewalFinally(subscriptionId, "unpaid");
    await deliverPending();
    expect((await summary(userId)).subscriptionStatus).toBe("expired");
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.expired"]);
    expect(billing.eventData(userId, "subscription.expired")).toMatchObject({
      reason: "payment-failed",
      previousPlan: "solo",
    });
  });

  it("completes the checkout when Stripe reports its payment, so it is never offered again", async () => {
    const { userId } = await billing.register();
    const paymentIntentId = await checkout(userId, "premium");
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    const deliveries = await deliverPending();
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    const row = await billing.database.db
      .selectFrom("checkouts")
      .select("completed_at")
      .where("payment_intent_id", "=", paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();
    expect(
      (await post("/api/create-payment-intent", { amount: 999, plan: "premium" }, userId)).statusCode,
    ).toBe(409);
  });

  it("answers a webhook about a subscription nobody here owns as ignored, and its repeat as a duplicate", async () => {
    const { hostname, port } = new URL(stripe.url);
    const elsewhere = new Stripe(stripe.secretKey, { host: hostname, port: Number(port), protocol: "http" });
    const customer = await elsewhere.customers.create({ email: "someone-else@example.com" });
    const before = stripe.events.length;
    await elsewhere.subscriptions.create({
      customer: customer.id,
      items: [{ price: await anyPrice(elsewhere) }],
      payment_behavior: "default_incomplete",
    });
    const created = stripe.events
      .slice(before)
      .find((event) => event.type === "customer.subscription.created");
    const [first] = await stripe.deliver(String(created?.id));
    const [again] = await stripe.deliver(String(created?.id));
    expect(JSON.parse(first?.body ?? "{}")).toEqual({ received: true, outcome: "ignored" });
    expect(JSON.parse(again?.body ?? "{}")).toEqual({ received: true, outcome: "duplicate" });
  });

  it("renews a paid period when Stripe collects the renewal", async () => {
    const { userId } = await paidSubscriber("solo");
    const before = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
    stripe.advanceToRenewal(await stripeSubscriptionOf(userId), "paid");
    await deliverPending();
    const after = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
    expect(after.json()).toMatchObject({ status: "active", paymentPastDue: false });
    expect(Date.parse(after.json().currentPeriodEnd)).toBeGreaterThan(
      Date.parse(before.json().currentPeriodEnd),
    );
  });

  it("switches a subscriber's plan on the same subscription, once its prorated invoice is paid", async () => {
    const { userId } = await paidSubscriber("premium");
    const subscriptionId = await stripeSubscriptionOf(userId);
    const again = await post("/api/create-payment-intent", { amount: 999, plan: "premium" }, userId);
    expect(again.statusCode).toBe(409);

    const reply = await post("/api/create-payment-intent", { amount: 2999, plan: "pro" }, userId);
    expect(reply.statusCode).toBe(200);
    const paymentIntentId = paymentIntentOf(reply.json().clientSecret);
    expect(await summary(userId)).toEqual({ subscriptionStatus: "active", subscriptionPlan: "premium" });
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    expect((await subscribe(userId, paymentIntentId, "pro")).statusCode).toBe(200);
    await deliverPending();
    expect(await summary(userId)).toEqual({ subscriptionStatus: "active", subscriptionPlan: "pro" });
    expect(await stripeSubscriptionOf(userId)).toBe(subscriptionId);
    const customer = stripe.subscription(subscriptionId)?.customer as string;
    expect(
      stripe.subscriptionsOf(customer).filter((subscription) => subscription.status !== "canceled"),
    ).toHaveLength(1);
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.changed"]);
  });

  it("holds a single video's price on the saved card, captures it on success and releases it on failure", async () => {
    const { userId } = await paidSubscriber("premium");
    const asked = stripe.requests.length;
    const quote = await post("/internal/holds/quote", { durationSeconds: 30 * 60 }, userId);
    expect(quote.json()).toEqual({ amountCents: 199, payment: "card" });
    // A price shown asks Stripe nothing: no payment exists before the subscriber confirms.
    expect(stripe.requests.length).toBe(asked);
    const hold = async (holdKey: string, durationSeconds: number, amountCents: number) =>
      (
        await post(
          "/internal/holds",
          { holdKey, videoId: "dQw4w9WgXcQ", durationSeconds, amountCents },
          userId,
        )
      ).json();
    const delivered = await hold("video-1", 30 * 60, 199);
    expect(delivered).toMatchObject({ amountCents: 199, status: "held", testMode: false });
    const failed = await hold("video-2", 90 * 60, 399);
    expect(failed).toMatchObject({ amountCents: 399, status: "held" });
    const intents = await billing.database.db
      .selectFrom("holds")
      .select(["id", "payment_intent_id"])
      .where("user_id", "=", userId)
      .execute();
    const intentOf = (id: string) => intents.find((row) => row.id === id)?.payment_intent_id ?? "";
    expect(stripe.paymentIntent(intentOf(delivered.id))).toMatchObject({
      status: "requires_capture",
      amount: 199,
    });

    expect((await post(`/internal/holds/${delivered.id}/capture`, undefined, userId)).json().status).toBe(
      "captured",
    );
    expect((await post(`/internal/holds/${failed.id}/release`, undefined, userId)).json().status).toBe(
      "released",
    );
    expect(stripe.paymentIntent(intentOf(delivered.id))).toMatchObject({ status: "succeeded" });
    expect(stripe.paymentIntent(intentOf(failed.id))).toMatchObject({ status: "canceled" });
  });

  it("answers 503 saying to try again when Stripe is down, and the next try works", async () => {
    const { userId } = await billing.register();
    stripe.fail("any", { kind: "serverError" });
    const reply = await post("/api/create-payment-intent", { amount: 499, plan: "solo" }, userId);
    stripe.heal();
    expect(reply.statusCode).toBe(503);
    expect(reply.json().message).toMatch(/try again/);
    await checkout(userId, "solo");
  });

  it("opens Stripe's customer portal for a subscriber who paid by card", async () => {
    const { userId } = await paidSubscriber("solo");
    const reply = await post("/api/billing-portal", undefined, userId);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().url).toMatch(/^https?:\/\//);
    const newcomer = await billing.register();
    expect((await post("/api/billing-portal", undefined, newcomer.userId)).statusCode).toBe(404);
  });

  it("gives the web app the publishable key and says test mode is off", async () => {
    const plans = (await billing.app.inject({ url: "/api/plans" })).json();
    expect(plans).toMatchObject({ testMode: false, stripePublishableKey: stripe.publishableKey });
  });
});
