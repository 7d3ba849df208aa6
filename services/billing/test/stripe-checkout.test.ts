import type { FakeStripeApi } from "@tubedigest/testing/stripe";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BillingUnderTest, startBillingWithStripe } from "./support/billing-harness.ts";
import { cardCheckout } from "./support/card-checkout.ts";

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

describe("billing with Stripe's SDK against a fake Stripe: the wire, signatures and payments end to end", () => {
  let stripe: FakeStripeApi;
  let billing: BillingUnderTest;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stripe, billing, stop } = await startBillingWithStripe({ testMode: false }));
  });
  afterAll(() => stop());

  const { post, summary, checkout, registerAfterTrial, paidSubscriber, hold, holdIntents } = cardCheckout(
    () => billing,
    {
      confirm: (paymentIntentId) => stripe.confirmPaymentIntent(paymentIntentId, "succeeds"),
      deliverPending: () => stripe.deliverAll(),
    },
  );

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

  it("counts its calls to Stripe on /metrics, as many tries as Stripe saw", async () => {
    const metrics = (await billing.app.inject("/metrics")).body;
    const customers = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/customers",
    ).length;
    expect(customers).toBeGreaterThan(0);
    expect(metrics).toContain(
      `billing_stripe_requests_total{method="POST",resource="/v1/customers",service="billing"} ${customers}\n`,
    );
    expect(metrics).toMatch(
      /billing_stripe_responses_total\{method="POST",resource="\/v1\/customers",status="200",service="billing"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /billing_stripe_response_seconds_count\{[^}]*resource="\/v1\/customers"[^}]*\} [1-9]/,
    );
  });

  it("activates from the webhook when the browser closed after paying", async () => {
    const { userId } = await registerAfterTrial();
    const paymentIntentId = await checkout(userId, "solo");
    stripe.confirmPaymentIntent(paymentIntentId, "succeeds");
    await stripe.deliverAll();
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "active",
      subscriptionPlan: "solo",
      dailyDigest: false,
    });
    await expect.poll(() => billing.eventsOf(userId)).toEqual(["subscription.activated"]);
  });

  it("refuses a webhook whose signature does not hold or is too old, changing nothing", async () => {
    const { userId } = await registerAfterTrial();
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
    expect(await summary(userId)).toEqual({
      subscriptionStatus: "expired",
      subscriptionPlan: null,
      dailyDigest: false,
    });
  });

  it("answers a webhook about a subscription nobody here owns as ignored, and its repeat as a duplicate", async () => {
    const { hostname, port } = new URL(stripe.url);
    const elsewhere = new Stripe(stripe.secretKey, { host: hostname, port: Number(port), protocol: "http" });
    const customer = await elsewhere.customers.create({ email: "someone-else@example.com" });
    const subscription = await elsewhere.subscriptions.create({
      customer: customer.id,
      items: [{ price: await anyPrice(elsewhere) }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.payments"],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const before = stripe.events.length;
    stripe.confirmPaymentIntent(String(invoice.payments?.data[0]?.payment.payment_intent), "succeeds");
    const updated = stripe.events
      .slice(before)
      .find((event) => event.type === "customer.subscription.updated");
    const [first] = await stripe.deliver(String(updated?.id));
    const [again] = await stripe.deliver(String(updated?.id));
    expect(JSON.parse(first?.body ?? "{}")).toEqual({ received: true, outcome: "ignored" });
    expect(JSON.parse(again?.body ?? "{}")).toEqual({ received: true, outcome: "duplicate" });
  });

  it("holds a single video's price through Stripe, captures one hold and releases another", async () => {
    const { userId } = await paidSubscriber("premium");
    const delivered = await hold(userId, "video-1", 30 * 60, 199);
    const failed = await hold(userId, "video-2", 90 * 60, 399);
    const intents = await holdIntents(userId);
    expect(stripe.paymentIntent(intents.get(delivered.id) ?? "")).toMatchObject({
      status: "requires_capture",
      amount: 199,
      capture_method: "manual",
    });
    await billing.settleCharge(userId, delivered.id, "captured");
    await billing.settleCharge(userId, failed.id, "released");
    expect(stripe.paymentIntent(intents.get(delivered.id) ?? "")).toMatchObject({ status: "succeeded" });
    expect(stripe.paymentIntent(intents.get(failed.id) ?? "")).toMatchObject({ status: "canceled" });
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
});
