import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripeApi, startFakeStripeApi } from "./fake-stripe-api.ts";

describe("the fake Stripe, through the official SDK", () => {
  let fake: FakeStripeApi;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripeApi();
    const { hostname, port } = new URL(fake.url);
    stripe = new Stripe(fake.secretKey, {
      host: hostname,
      port: Number(port),
      protocol: "http",
      maxNetworkRetries: 1,
    });
  });
  afterAll(() => fake.close());

  it("replays a request made again with the same idempotency key, and refuses the key with other parameters", async () => {
    const first = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    const again = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "k1" }),
    ).rejects.toMatchObject({
      type: "StripeIdempotencyError",
    });
  });

  it("refuses a wrong key", async () => {
    const { hostname, port } = new URL(fake.url);
    const stranger = new Stripe("sk_test_wrong", { host: hostname, port: Number(port), protocol: "http" });
    await expect(stranger.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
  });

  it("fails as Stripe does when told to: server errors and rate limits after the SDK's retries, bad bodies", async () => {
    fake.fail("/v1/customers", { kind: "serverError" }, 2);
    await expect(stripe.customers.create({})).rejects.toMatchObject({ statusCode: 500 });
    fake.fail("/v1/customers", { kind: "rateLimited" }, 2);
    await expect(stripe.customers.create({})).rejects.toMatchObject({ statusCode: 429 });
    fake.fail("/v1/customers", { kind: "malformed" }, 1);
    await expect(stripe.customers.create({})).rejects.toThrow();
    fake.heal();
    await expect(stripe.customers.create({})).resolves.toMatchObject({ object: "customer" });
  });

  it("makes a subscription wait for its first payment, and activates it once the card succeeds", async () => {
    const customer = await stripe.customers.create({ email: "s@example.com" });
    const product = await stripe.products.create({ name: "Plan" });
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: 999,
      currency: "usd",
      recurring: { interval: "month" },
      lookup_key: "plan_999",
    });
    expect(
      (await stripe.prices.list({ lookup_keys: ["plan_999"], active: true })).data.map((found) => found.id),
    ).toEqual([price.id]);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      expand: ["latest_invoice.confirmation_secret"],
    });
    expect(subscription.status).toBe("incomplete");
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const secret = invoice.confirmation_secret?.client_secret ?? "";
    expect(secret).toMatch(/^pi_\w+_secret_\w+$/);
    // Not expanded, the includable field is left out, as Stripe does.
    expect((await stripe.invoices.retrieve(invoice.id ?? "")).confirmation_secret).toBeUndefined();

    fake.confirmPaymentIntent(secret.split("_secret_")[0] ?? "", "succeeds");
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe("active");
    expect(active.default_payment_method).toMatch(/^pm_/);
    expect(fake.events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        "customer.subscription.created",
        "payment_intent.succeeded",
        "invoice.paid",
        "customer.subscription.updated",
      ]),
    );
  });

  it("declines an off-session charge on a card that declines, and holds one on a card that works", async () => {
    const customer = await stripe.customers.create({});
    const bad = fake.addPaymentMethod(customer.id, "declines");
    const good = fake.addPaymentMethod(customer.id, "succeeds");
    const hold = (paymentMethod: string) =>
      stripe.paymentIntents.create({
        amount: 199,
        currency: "usd",
        customer: customer.id,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        capture_method: "manual",
      });
    await expect(hold(bad)).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" });
    const held = await hold(good);
    expect(held.status).toBe("requires_capture");
    expect((await stripe.paymentIntents.capture(held.id)).status).toBe("succeeded");
    await expect(stripe.paymentIntents.cancel(held.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});
