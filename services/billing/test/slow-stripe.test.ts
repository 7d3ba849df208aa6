import type { FakeStripeApi, FakeStripeRoute } from "@tubedigest/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type BillingUnderTest, startBillingWithStripe } from "./support/billing-harness.ts";

/** How long the SDK waits for Stripe's answer: far longer than any test holds it back. */
const STRIPE_TIMEOUT_MS = 12_000;
/** What "at once" means for the other requests, on a shared, busy machine. */
const QUICK_MS = 1_500;
/**
 * Stripe's held answers are let go once the other requests are answered, or after this long at most: the
 * others waiting on what the held ones keep (a connection, a lock) then show as slow, not as a hung test.
 */
const LONGEST_HOLD_MS = 5_000;
/** Billing's Postgres pool: as many held requests as it has connections would take them all. */
const POOL_SIZE = 10;

const paymentIntentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

/**
 * No billing operation holds a database connection or a row lock while it waits for Stripe: a slow
 * Stripe slows only the requests that wait for it. On the real Postgres as many held requests as the
 * pool has connections would otherwise leave none for anyone else; on the embedded database (PGlite)
 * every transaction of the product shares one connection, so a single held one would stall them all.
 */
describe.each([
  { database: "the real Postgres", embedded: false, held: POOL_SIZE },
  { database: "the embedded database", embedded: true, held: 1 },
])("Stripe holding its answers back, on $database", ({ embedded, held }) => {
  let stripe: FakeStripeApi;
  let billing: BillingUnderTest;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    // The SDK waits out the held answer instead of giving up and asking again.
    ({ stripe, billing, stop } = await startBillingWithStripe({
      embedded,
      stripeTimeoutMs: STRIPE_TIMEOUT_MS,
    }));
  });
  afterAll(() => stop());

  const post = (url: string, payload: object | undefined, userId: string) =>
    billing.app.inject({ method: "POST", url, ...(payload ? { payload } : {}), headers: asUser(userId) });
  const checkout = (userId: string) =>
    post("/api/create-payment-intent", { amount: 499, plan: "solo" }, userId);
  /** Requests Stripe has received on `route` and not answered yet. */
  const waitingAt = (route: string) =>
    stripe.requests.filter((request) => request.route === route && request.status === 0).length;

  /** A subscriber who paid by card after the free days. */
  async function paidSubscriber() {
    const { userId } = await billing.register({ at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) });
    const paymentIntentId = paymentIntentOf((await checkout(userId)).json().clientSecret);
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    const body = { plan: "solo", channelCount: 1, paymentIntentId };
    expect((await post("/api/subscribe", body, userId)).statusCode).toBe(200);
    return userId;
  }

  /** Stripe's next `held` answers on `route`, kept back until `release` lets them go. */
  type Hold = { route: FakeStripeRoute; release: () => void };
  function holdStripe(route: FakeStripeRoute): Hold {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    stripe.fail(route, { kind: "held", released }, held);
    return { route, release };
  }

  /**
   * The requests that must not wait for Stripe, timed together once `held` requests are waiting on it;
   * then Stripe's held answers are let go.
   */
  async function othersWhileHeld(
    { route, release }: Hold,
    others: Record<string, () => Promise<{ statusCode: number }>>,
  ) {
    const letGo = setTimeout(release, LONGEST_HOLD_MS);
    try {
      await expect.poll(() => waitingAt(route), { timeout: LONGEST_HOLD_MS / 2 }).toBe(held);
      const started = Date.now();
      const timed = await Promise.all(
        Object.entries(others).map(async ([name, ask]) => {
          const reply = await ask();
          return { name, status: reply.statusCode, quick: Date.now() - started < QUICK_MS };
        }),
      );
      expect(waitingAt(route), "Stripe still holds its answers while the others were answered").toBe(held);
      return timed;
    } finally {
      clearTimeout(letGo);
      release();
    }
  }

  it("answers another user's checkout, the plans and a subscription at once while first checkouts wait for Stripe", async () => {
    const waiting = await Promise.all(Array.from({ length: held }, () => billing.register()));
    const other = await billing.register();
    const reader = await paidSubscriber();

    const hold = holdStripe("POST /v1/customers");
    const slow = Promise.all(waiting.map(({ userId }) => checkout(userId)));
    const timed = await othersWhileHeld(hold, {
      "another user's checkout": () => checkout(other.userId),
      "the plans": () => billing.app.inject({ url: "/api/plans" }),
      "a subscription": () => billing.app.inject({ url: "/api/subscription", headers: asUser(reader) }),
    });
    expect(timed).toEqual(timed.map(({ name }) => ({ name, status: 200, quick: true })));

    const replies = await slow;
    expect(replies.map((reply) => reply.statusCode)).toEqual(waiting.map(() => 200));
    const secrets = new Set(replies.map((reply) => reply.json().clientSecret));
    expect(secrets.size).toBe(held);
    // Each waited-for account got one customer, recorded once.
    const customers = await billing.database.db
      .selectFrom("accounts")
      .select("stripe_customer_id")
      .where(
        "user_id",
        "in",
        waiting.map(({ userId }) => userId),
      )
      .execute();
    expect(new Set(customers.map((row) => row.stripe_customer_id)).size).toBe(held);
  });

  it("answers other requests at once while captures of single summary charges wait for Stripe", async () => {
    const subscriber = await paidSubscriber();
    await stripe.deliverAll();
    const holds = await Promise.all(
      Array.from({ length: held }, async (_, index) => {
        const body = {
          holdKey: `video-${index}`,
          videoId: "dQw4w9WgXcQ",
          durationSeconds: 600,
          amountCents: 199,
        };
        const reply = await post("/internal/holds", body, subscriber);
        expect(reply.statusCode).toBe(200);
        return reply.json().id as string;
      }),
    );
    const other = await billing.register();

    const hold = holdStripe("POST /v1/payment_intents/:id/capture");
    const slow = Promise.all(holds.map((id) => billing.settleCharge(subscriber, id, "captured")));
    const timed = await othersWhileHeld(hold, {
      "another user's checkout": () => checkout(other.userId),
      "the subscriber's own subscription": () =>
        billing.app.inject({ url: "/api/subscription", headers: asUser(subscriber) }),
    });
    expect(timed).toEqual(timed.map(({ name }) => ({ name, status: 200, quick: true })));
    await slow;
  });
});
