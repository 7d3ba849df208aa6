import { randomUUID } from "node:crypto";
import type { FakeStripeApi } from "@tubedigest/testing/stripe";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type BillingUnderTest, startBillingWithStripe } from "./support/billing-harness.ts";

const paymentIntentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

describe("a changed address and a deleted account at billing and Stripe (the SDK against a fake Stripe)", () => {
  let stripe: FakeStripeApi;
  let billing: BillingUnderTest;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stripe, billing, stop } = await startBillingWithStripe({ testMode: false }));
  });
  afterAll(() => stop());

  const post = (url: string, payload: object, userId: string) =>
    billing.app.inject({ method: "POST", url, payload, headers: asUser(userId) });
  const db = () => billing.database.db;

  /** A subscriber who paid by card after the free days; Stripe's webhooks delivered. */
  async function paidSubscriber() {
    const user = await billing.register({ at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) });
    const intent = await post("/api/create-payment-intent", { amount: 999, plan: "creator" }, user.userId);
    expect(intent.statusCode).toBe(200);
    const paymentIntentId = paymentIntentOf(intent.json().clientSecret);
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    const subscribed = await post(
      "/api/subscribe",
      { plan: "creator", channelCount: 1, paymentIntentId },
      user.userId,
    );
    expect(subscribed.statusCode).toBe(200);
    await stripe.deliverAll();
    const account = await db()
      .selectFrom("accounts")
      .innerJoin("subscriptions", "subscriptions.user_id", "accounts.user_id")
      .select(["stripe_customer_id", "stripe_subscription_id"])
      .where("accounts.user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    return {
      ...user,
      paymentIntentId,
      customerId: account.stripe_customer_id ?? "",
      subscriptionId: account.stripe_subscription_id ?? "",
    };
  }
  /** A single video's price held on the saved card; captured when `capture`. */
  async function charge(userId: string, capture: boolean) {
    const held = await post(
      "/internal/holds",
      { holdKey: randomUUID(), videoId: "dQw4w9WgXcQ", durationSeconds: 600, amountCents: 199 },
      userId,
    );
    expect(held.statusCode).toBe(200);
    const { id } = held.json();
    if (capture) await billing.settleCharge(userId, id, "captured");
    const row = await db()
      .selectFrom("holds")
      .select("payment_intent_id")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.payment_intent_id ?? "";
  }
  const rowsMentioning = async (text: string) => {
    const found: string[] = [];
    for (const table of ["accounts", "subscriptions", "checkouts", "holds", "retained_payments", "outbox"]) {
      const rows = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} t where t::text ilike ${`%${text}%`}`.execute(
        db(),
      );
      if ((rows.rows[0]?.n ?? 0) > 0) found.push(table);
    }
    return found;
  };

  it("gives Stripe's customer the address the account moved to", async () => {
    const subscriber = await paidSubscriber();
    await billing.testBus.bus.publish(
      "user.updated",
      { userId: subscriber.userId, email: "Moved.Here@example.org", fullName: null },
      { correlationId: "moved" },
    );
    await expect
      .poll(() => stripe.customer(subscriber.customerId)?.email, { timeout: 10_000 })
      .toBe("moved.here@example.org");
  });

  it("cancels the card subscription at once, releases held charges, deletes the customer, keeps only anonymous payments", async () => {
    const subscriber = await paidSubscriber();
    const captured = await charge(subscriber.userId, true);
    const held = await charge(subscriber.userId, false);
    const other = await paidSubscriber();

    const deleted = await billing.testBus.bus.publish(
      "user.deleted",
      { userId: subscriber.userId, email: subscriber.email },
      { correlationId: "deleted" },
    );
    await expect.poll(() => rowsMentioning(subscriber.userId), { timeout: 10_000 }).toEqual([]);
    expect(await rowsMentioning(subscriber.email)).toEqual([]);
    expect(await rowsMentioning(subscriber.customerId)).toEqual([]);

    expect(stripe.subscription(subscriber.subscriptionId)?.status).toBe("canceled");
    const cancels = stripe.requests.filter(
      (request) =>
        request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriber.subscriptionId}`,
    );
    expect(cancels).toHaveLength(1);
    expect(stripe.paymentIntent(held)?.status).toBe("canceled");
    expect(stripe.paymentIntent(captured)?.status).toBe("succeeded");
    expect(stripe.customerDeleted(subscriber.customerId)).toBe(true);
    // What the money was, kept without the person: the subscription's first payment and the captured video.
    const retained = await db()
      .selectFrom("retained_payments")
      .select(["kind", "stripe_payment_intent_id", "amount_cents"])
      .where("stripe_payment_intent_id", "in", [subscriber.paymentIntentId, captured, held])
      .orderBy("kind", "desc")
      .execute();
    expect(retained).toEqual([
      { kind: "subscription", stripe_payment_intent_id: subscriber.paymentIntentId, amount_cents: 999 },
      { kind: "single-video", stripe_payment_intent_id: captured, amount_cents: 199 },
    ]);
    // Stripe's webhooks about the cancelled subscription find nobody and change nothing.
    const answers = await stripe.deliverAll();
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await rowsMentioning(subscriber.userId)).toEqual([]);

    // Delivered again: nothing more is asked of Stripe, nothing changes.
    const asked = stripe.requests.length;
    await billing.testBus.bus.publishEvent(deleted);
    await billing.testBus.bus.publish(
      "user.updated",
      { userId: subscriber.userId, email: subscriber.email, fullName: null },
      { correlationId: "late" },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stripe.requests.length).toBe(asked);
    expect(await rowsMentioning(subscriber.userId)).toEqual([]);
    // Another subscriber's card plan goes on.
    expect(stripe.subscription(other.subscriptionId)?.status).toBe("active");
    expect(await rowsMentioning(other.userId)).not.toEqual([]);
  });
});
