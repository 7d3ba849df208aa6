import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/domain/messages.ts";
import { asUser, type BillingUnderTest, startBillingWithCards } from "./support/billing-harness.ts";
import { type CardPlan, cardCheckout, PRICES } from "./support/card-checkout.ts";
import type { InMemoryCardPayments } from "./support/in-memory-card-payments.ts";

/**
 * Billing's card domain: checkout, activation, webhooks' effects, cancellation, renewals, plan
 * switches and holds, on the in-memory card provider (Stripe's wire is the adapter's contract test's).
 */
describe("billing with card payments (in-memory provider, Postgres, RabbitMQ)", () => {
  let cards: InMemoryCardPayments;
  let billing: BillingUnderTest;
  let deliverPending: () => Promise<{ status: number; body: string }[]>;
  let deliver: (
    event: InMemoryCardPayments["pending"][number],
    signature?: string,
  ) => Promise<{ status: number; body: string }>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ cards, billing, deliver, deliverPending, stop } = await startBillingWithCards({ testMode: false }));
  });
  afterAll(() => stop());

  const {
    post,
    summary,
    checkout,
    subscribe,
    registerAfterTrial,
    paidSubscriber,
    stored,
    hold,
    holdIntents,
  } = cardCheckout(() => billing, {
    confirm: (paymentIntentId) => cards.confirm(paymentIntentId, "succeeds"),
    deliverPending: () => deliverPending(),
  });
  const subscriptionIdOf = async (userId: string) =>
    (await stored("subscriptions", userId)).stripe_subscription_id ?? "";
  const customerOf = async (userId: string) => (await stored("accounts", userId)).stripe_customer_id ?? "";

  it.each(Object.entries(PRICES))(
    "charges exactly %s's price, %i cents, on a monthly subscription",
    async (plan, cents) => {
      const { userId } = await registerAfterTrial();
      const paymentIntentId = await checkout(userId, plan as CardPlan);
      expect(cards.payments.get(paymentIntentId)).toMatchObject({
        amountCents: cents,
        purpose: "subscription",
      });
    },
  );

  it("refuses an amount that is not the plan's price, before asking the provider anything", async () => {
    const { userId } = await registerAfterTrial();
    const asked = cards.calls.length;
    for (const amount of [499, 2999 - 1, 1]) {
      const reply = await post("/api/create-payment-intent", { amount, plan: "pro" }, userId);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toMatch(/does not match the plan's price/);
    }
    expect(cards.calls.length).toBe(asked);
  });

  it("gives the same payment when checkout is asked again for the same plan, and one subscription", async () => {
    const { userId } = await registerAfterTrial();
    const first = await checkout(userId, "premium");
    const second = await checkout(userId, "premium");
    expect(second).toBe(first);
    expect(cards.subscriptionsOf(await customerOf(userId))).toHaveLength(1);
  });

  it("makes one subscription for a checkout asked twice at once, and leaves one when the visitor changes plan", async () => {
    const { userId } = await registerAfterTrial();
    const [first, second] = await Promise.all([checkout(userId, "premium"), checkout(userId, "premium")]);
    expect(second).toBe(first);
    const customer = await customerOf(userId);
    const subscriptions = () => cards.subscriptionsOf(customer);
    expect(subscriptions()).toHaveLength(1);

    await checkout(userId, "pro");
    const back = await checkout(userId, "premium");
    expect(back).not.toBe(first);
    expect(subscriptions()).toHaveLength(3);
    expect(subscriptions().filter((subscription) => subscription.status !== "canceled")).toHaveLength(1);
    cards.confirm(back, "succeeds");
    expect((await subscribe(userId, back)).statusCode).toBe(200);
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
  });

  it("activates only once the provider says the payment succeeded, and only once", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "premium");
    const early = await subscribe(userId, paymentIntentId);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toEqual({
      message: "Payment status unknown. Please contact support if you were charged.",
    });
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "expired",
      subscriptionPlan: null,
      dailyDigest: false,
    });

    cards.confirm(paymentIntentId, "succeeds");
    for (let i = 0; i < 2; i++) {
      const reply = await subscribe(userId, paymentIntentId);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().subscription).toMatchObject({ status: "active", plan: "premium", testMode: false });
    }
    await deliverPending();
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });
  });

  it("activates nothing when the card is declined", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "pro");
    cards.confirm(paymentIntentId, "declines");
    expect((await subscribe(userId, paymentIntentId, "pro")).statusCode).toBe(402);
    await deliverPending();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "expired",
      subscriptionPlan: null,
      dailyDigest: false,
    });
    expect(billing.eventsOf(userId)).toEqual([]);
  });

  it("refuses a payment made for another account", async () => {
    const payer = await registerAfterTrial();
    const other = await registerAfterTrial();
    const paymentIntentId = await checkout(payer.userId, "solo");
    cards.confirm(paymentIntentId, "succeeds");
    const reply = await subscribe(other.userId, paymentIntentId, "solo");
    expect(reply.statusCode).toBe(404);
    expect(await summary(other.userId)).toEqual({
      subscriptionStatus: "expired",
      subscriptionPlan: null,
      dailyDigest: false,
    });
  });

  it("activates from the webhook when the browser closed after paying", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "solo");
    cards.confirm(paymentIntentId, "succeeds");
    await deliverPending();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "solo",
      dailyDigest: false,
    });
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
  });

  it("acts on a webhook delivered twice at the same time once", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "premium");
    cards.takePending();
    cards.confirm(paymentIntentId, "succeeds");
    const paid = cards.takePending().find((event) => event.type === "invoice.paid");
    if (!paid) throw new Error("the payment sent no invoice.paid");
    const results = await Promise.all([deliver(paid), deliver(paid)]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(results.map((result) => JSON.parse(result.body).outcome).sort()).toEqual(["applied", "duplicate"]);
    const handled = await billing.database.db
      .selectFrom("stripe_events")
      .selectAll()
      .where("event_id", "=", paid.id)
      .execute();
    expect(handled).toHaveLength(1);
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
  });

  it("refuses a webhook whose signature does not hold, changing nothing", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "premium");
    cards.confirm(paymentIntentId, "succeeds");
    for (const event of cards.takePending()) {
      expect((await deliver(event, "t=1,v1=forged")).status).toBe(400);
    }
    const unsigned = await post("/api/webhooks/stripe", { id: "evt_1" });
    expect(unsigned.statusCode).toBe(400);
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "expired",
      subscriptionPlan: null,
      dailyDigest: false,
    });
  });

  it("cancels at the period's end: access until then, then expired", async () => {
    const { userId } = await paidSubscriber("premium");
    const subscriptionId = await subscriptionIdOf(userId);
    const cancelsAsked = () => cards.calls.filter((call) => call === "cancelAtPeriodEnd").length;
    const asked = cancelsAsked();
    const cancelled = await post("/api/subscription/cancel", undefined, userId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(cards.subscriptions.get(subscriptionId)?.cancelAtPeriodEnd).toBe(true);
    // Asked twice, the same as once: the provider is asked once.
    const again = await post("/api/subscription/cancel", undefined, userId);
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(cancelsAsked()).toBe(asked + 1);
    await deliverPending();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "premium",
      dailyDigest: true,
    });

    cards.endPeriod(subscriptionId);
    await deliverPending();
    expect((await summary(userId)).subscriptionStatus).toBe("expired");
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.cancelled", "subscription.expired"]);
    const ended = await post("/api/subscription/cancel", undefined, userId);
    expect([ended.statusCode, ended.json()]).toEqual([404, { message: messages.nothingToCancel }]);
  });

  it.each([
    { as: "canceled", plan: "pro" },
    { as: "unpaid", plan: "solo" },
  ] as const)(
    "keeps access while the provider retries a failed renewal, says so once, and ends it when it gives up ($as)",
    async ({ as, plan }) => {
      const { userId } = await paidSubscriber(plan);
      const subscriptionId = await subscriptionIdOf(userId);
      cards.renew(subscriptionId, "failed");
      await deliverPending();
      const pastDue = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
      expect(pastDue.json()).toMatchObject({ status: "active", paymentPastDue: true });

      cards.giveUp(subscriptionId, as);
      await deliverPending();
      expect((await summary(userId)).subscriptionStatus).toBe("expired");
      await expect
        .poll(() => billing.eventsOf(userId))
        .toEqual(["subscription.activated", "subscription.payment-failed", "subscription.expired"]);
      expect(billing.eventData(userId, "subscription.payment-failed")).toMatchObject({
        plan,
        amountCents: PRICES[plan],
        nextAttemptAt: expect.any(String),
      });
      expect(billing.eventData(userId, "subscription.expired")).toMatchObject({
        reason: "payment-failed",
        plan: null,
        previousPlan: plan,
        channelAllowance: 5,
      });
    },
  );

  it("completes the checkout when the provider reports its payment, so it is never offered again", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "premium");
    cards.confirm(paymentIntentId, "succeeds");
    const deliveries = await deliverPending();
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    const row = await billing.database.db
      .selectFrom("checkouts")
      .select("completed_at")
      .where("intent_id", "=", paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();
    expect(
      (await post("/api/create-payment-intent", { amount: 999, plan: "premium" }, userId)).statusCode,
    ).toBe(409);
  });

  it("renews a paid period when the provider collects the renewal", async () => {
    const { userId } = await paidSubscriber("solo");
    const before = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
    cards.renew(await subscriptionIdOf(userId), "paid");
    await deliverPending();
    const after = await billing.app.inject({ url: "/api/subscription", headers: asUser(userId) });
    expect(after.json()).toMatchObject({ status: "active", paymentPastDue: false });
    expect(Date.parse(after.json().currentPeriodEnd)).toBeGreaterThan(
      Date.parse(before.json().currentPeriodEnd),
    );
  });

  it("moves a subscriber up on the same subscription, charging the quoted proration once, and never through checkout", async () => {
    const { userId } = await paidSubscriber("premium");
    const subscriptionId = await subscriptionIdOf(userId);
    const again = await post("/api/create-payment-intent", { amount: 2999, plan: "pro" }, userId);
    expect([again.statusCode, again.json()]).toEqual([409, { message: messages.changePlanInSettings }]);

    const quote = (
      await billing.app.inject({ url: "/api/subscription/plan-quote?plan=pro", headers: asUser(userId) })
    ).json();
    expect(quote).toMatchObject({ plan: "pro", takesEffect: "now" });
    expect(quote.amountDueCents).toBeGreaterThan(1990);
    const confirm = { plan: "pro", quotedAt: quote.quotedAt };
    const [first, second] = await Promise.all([
      post("/api/subscription/plan", confirm, userId),
      post("/api/subscription/plan", confirm, userId),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().subscription).toMatchObject({ status: "active", plan: "pro" });
    const switches = [...cards.payments.values()].filter((payment) => payment.purpose === "switch");
    expect(switches.map((payment) => payment.amountCents)).toEqual([quote.amountDueCents]);
    expect(await subscriptionIdOf(userId)).toBe(subscriptionId);
    await deliverPending();
    await expect
      .poll(() => billing.eventsOf(userId))
      .toEqual(["subscription.activated", "subscription.changed"]);
    expect(billing.eventData(userId, "subscription.changed")).toMatchObject({
      plan: "pro",
      previousPlan: "premium",
      amountCents: quote.amountDueCents,
    });
  });

  it("holds a single video's price on the saved card, captures it on success and releases it on failure", async () => {
    const { userId } = await paidSubscriber("premium");
    const asked = cards.calls.length;
    const quote = await post("/internal/holds/quote", { durationSeconds: 30 * 60 }, userId);
    expect(quote.json()).toEqual({ amountCents: 199, payment: "card" });
    // A price shown asks the provider nothing: no payment exists before the subscriber confirms.
    expect(cards.calls.length).toBe(asked);
    const delivered = await hold(userId, "video-1", 30 * 60, 199);
    expect(delivered).toMatchObject({ amountCents: 199, status: "held", testMode: false });
    // The same hold asked again reserves nothing more.
    expect(await hold(userId, "video-1", 30 * 60, 199)).toMatchObject({ id: delivered.id, status: "held" });
    const failed = await hold(userId, "video-2", 90 * 60, 399);
    expect(failed).toMatchObject({ amountCents: 399, status: "held" });
    const intents = await holdIntents(userId);
    expect(intents.size).toBe(2);
    const intentOf = (id: string) => cards.payments.get(intents.get(id) ?? "");
    expect(intentOf(delivered.id)).toMatchObject({ status: "requires_capture", amountCents: 199 });

    await billing.settleCharge(userId, delivered.id, "captured");
    await billing.settleCharge(userId, failed.id, "released");
    expect(intentOf(delivered.id)).toMatchObject({ status: "succeeded" });
    expect(intentOf(failed.id)).toMatchObject({ status: "canceled" });
  });

  it("refuses a hold the card declines, with the provider's message, and reserves nothing", async () => {
    const { userId } = await paidSubscriber("premium");
    cards.fail({ kind: "declined" }, { calls: ["hold"] });
    const reply = await post(
      "/internal/holds",
      { holdKey: "declined-1", videoId: "dQw4w9WgXcQ", durationSeconds: 600, amountCents: 199 },
      userId,
    );
    expect(reply.statusCode).toBe(402);
    expect(reply.json().message).toMatch(/declined/);
    const holds = await billing.database.db
      .selectFrom("holds")
      .select("status")
      .where("user_id", "=", userId)
      .execute();
    expect(holds.filter((row) => row.status === "held")).toEqual([]);
  });

  it("answers 503 saying to try again when the provider is down, and the next try works", async () => {
    const { userId } = await registerAfterTrial();
    cards.fail({ kind: "outage" }, { times: 1 });
    const reply = await post("/api/create-payment-intent", { amount: 499, plan: "solo" }, userId);
    expect(reply.statusCode).toBe(503);
    expect(reply.json().message).toMatch(/try again/);
    await checkout(userId, "solo");
  });

  it("waits out a slow provider instead of failing the checkout", async () => {
    const { userId } = await registerAfterTrial();
    cards.fail({ kind: "slow", delayMs: 300 }, { calls: ["startSubscription"] });
    const started = Date.now();
    await checkout(userId, "solo");
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("opens the provider's customer portal for a subscriber who paid by card", async () => {
    const { userId } = await paidSubscriber("solo");
    const reply = await post("/api/billing-portal", undefined, userId);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().url).toMatch(/^https?:\/\//);
    const newcomer = await billing.register();
    expect((await post("/api/billing-portal", undefined, newcomer.userId)).statusCode).toBe(404);
  });

  it("gives the provider's customer a subscriber's new address, and asks nothing for an account without one", async () => {
    const trial = await billing.register();
    const { userId } = await paidSubscriber("solo");
    const customerId = await customerOf(userId);
    const asked = cards.calls.length;
    const move = (who: string, email: string) =>
      billing.testBus.bus.publish(
        "user.updated",
        { userId: who, email, fullName: null },
        { correlationId: `moved-${who}` },
      );
    await move(trial.userId, "trial.moved@example.org");
    await move(userId, "paid.moved@example.org");
    await expect
      .poll(() => cards.customers.get(customerId)?.email, { timeout: 10_000 })
      .toBe("paid.moved@example.org");
    await expect
      .poll(async () => (await stored("accounts", trial.userId)).email)
      .toBe("trial.moved@example.org");
    expect(cards.calls.slice(asked)).toEqual(["updateCustomerEmail"]);
  });

  describe("a deleted account", () => {
    it("of a card subscriber: the subscription cancelled at once, the customer deleted", async () => {
      const { userId, email } = await paidSubscriber("solo");
      const subscriptionId = await subscriptionIdOf(userId);
      const customerId = await customerOf(userId);
      const asked = cards.calls.length;
      await billing.deleteAccount({ userId, email });
      expect(cards.calls.slice(asked)).toEqual(["cancelNow", "deleteCustomer"]);
      expect(cards.subscriptions.get(subscriptionId)?.status).toBe("canceled");
      expect(cards.customers.get(customerId)?.deleted).toBe(true);
    });

    it("of a former subscriber: the customer deleted, the subscription that already ended left alone", async () => {
      const { userId, email } = await paidSubscriber("solo");
      const customerId = await customerOf(userId);
      cards.giveUp(await subscriptionIdOf(userId), "canceled");
      await deliverPending();
      expect((await summary(userId)).subscriptionStatus).toBe("expired");
      const asked = cards.calls.length;
      await billing.deleteAccount({ userId, email });
      expect(cards.calls.slice(asked)).toEqual(["deleteCustomer"]);
      expect(cards.customers.get(customerId)?.deleted).toBe(true);
    });

    it("that never paid by card: the provider is asked nothing", async () => {
      const { userId, email } = await billing.register();
      const asked = cards.calls.length;
      await billing.deleteAccount({ userId, email });
      expect(cards.calls.slice(asked)).toEqual([]);
    });
  });

  it("gives the web app the publishable key and says test mode is off", async () => {
    const plans = (await billing.app.inject({ url: "/api/plans" })).json();
    expect(plans).toMatchObject({ testMode: false, stripePublishableKey: cards.publishableKey });
  });
});
