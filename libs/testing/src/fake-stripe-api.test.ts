import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripeApi, startFakeStripeApi } from "./fake-stripe-api.ts";

const PAYMENT = ["latest_invoice.confirmation_secret", "latest_invoice.payments"];

/**
 * The fake answers the calls billing's Stripe adapter makes, with the parameters it sends, as Stripe
 * would: asked here the way the adapter asks, through the official SDK.
 */
describe("the fake Stripe API, through the official SDK", () => {
  let fake: FakeStripeApi;
  let stripe: Stripe;
  beforeEach(async () => {
    fake = await startFakeStripeApi();
    stripe = sdkFor(fake);
  });
  afterEach(async () => {
    await fake.close();
  });

  async function monthlyPrice(cents: number, key = `plan_${cents}`) {
    const product = await stripe.products.create({ name: `Plan ${cents}`, description: "d", metadata: {} });
    return stripe.prices.create({
      product: product.id,
      unit_amount: cents,
      currency: "usd",
      recurring: { interval: "month" },
      lookup_key: key,
      metadata: { plan: key },
    });
  }

  async function incompleteSubscription(cents = 999) {
    const customer = await stripe.customers.create({ email: "a@example.com", metadata: { userId: "u1" } });
    const price = await monthlyPrice(cents);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: "u1" },
      expand: PAYMENT,
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const paymentIntentId = String(invoice.payments?.data[0]?.payment.payment_intent);
    return { customer, price, subscription, invoice, paymentIntentId };
  }

  /** Paid by a card the customer entered, which the subscription keeps for later charges. */
  async function activeSubscription(cents = 999) {
    const started = await incompleteSubscription(cents);
    fake.confirmPaymentIntent(started.paymentIntentId, "succeeds");
    const card = String(fake.subscription(started.subscription.id)?.default_payment_method);
    return { ...started, card };
  }

  const hold = (customer: string, card: string, amount = 199) =>
    stripe.paymentIntents.create({
      amount,
      currency: "usd",
      customer,
      payment_method: card,
      off_session: true,
      confirm: true,
      capture_method: "manual",
      description: "A video",
    });

  it("finds a price by its lookup key once created, and refuses the key for a second price", async () => {
    const byKey = { lookup_keys: ["plan_499"], active: true, limit: 1 };
    expect((await stripe.prices.list(byKey)).data).toEqual([]);
    const created = await monthlyPrice(499);
    const found = await stripe.prices.list(byKey);
    expect(found.data.map((price) => price.id)).toEqual([created.id]);
    expect(found.data[0]).toMatchObject({
      unit_amount: 499,
      currency: "usd",
      recurring: { interval: "month", interval_count: 1 },
      lookup_key: "plan_499",
    });
    await expect(monthlyPrice(499)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "lookup_key",
    });
  });

  it("starts a subscription incomplete, its first invoice open with a payment intent to confirm", async () => {
    const { subscription, invoice, paymentIntentId, customer } = await incompleteSubscription(999);
    expect(subscription.status).toBe("incomplete");
    expect(invoice).toMatchObject({ status: "open", amount_due: 999, billing_reason: "subscription_create" });
    expect(invoice.confirmation_secret?.type).toBe("payment_intent");
    expect(invoice.confirmation_secret?.client_secret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(await stripe.paymentIntents.retrieve(paymentIntentId)).toMatchObject({
      status: "requires_payment_method",
      amount: 999,
      currency: "usd",
      customer: customer.id,
    });
    expect(subscription.items.data[0]?.price.lookup_key).toBe("plan_999");
    expect(subscription.items.data[0]?.current_period_end).toBeGreaterThan(Date.now() / 1000);
    expect((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice).toBe(invoice.id);
  });

  it("leaves out the invoice's payment and its client secret unless asked for by name, as Stripe does", async () => {
    const customer = await stripe.customers.create({ email: "b@example.com", metadata: {} });
    const price = await monthlyPrice(499);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice"],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe("open");
    expect(invoice.confirmation_secret).toBeUndefined();
    expect(invoice.payments).toBeUndefined();
  });

  it("activates the subscription when the card succeeds: invoice paid, card saved, events emitted", async () => {
    const { subscription, invoice, paymentIntentId } = await incompleteSubscription();
    const intent = fake.confirmPaymentIntent(paymentIntentId, "succeeds");
    expect(intent.status).toBe("succeeded");
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe("active");
    expect(active.default_payment_method).toBe(intent.payment_method);
    expect(fake.paymentIntent(paymentIntentId)).toMatchObject({ status: "succeeded", amount_received: 999 });
    const types = fake.events.map((event) => event.type);
    expect(types).toEqual(["payment_intent.succeeded", "invoice.paid", "customer.subscription.updated"]);
    const paid = fake.events[1]?.data.object as Stripe.Invoice;
    expect(paid).toMatchObject({ id: invoice.id, status: "paid", amount_paid: 999, amount_remaining: 0 });
    expect(fake.events[2]?.data.previous_attributes).toMatchObject({ status: "incomplete" });
    expect(fake.events[2]).toMatchObject({ api_version: "2026-10-28.endive", livemode: false });
  });

  it("leaves the subscription incomplete when the card is declined, and takes another card after", async () => {
    const { subscription, paymentIntentId } = await incompleteSubscription();
    const intent = fake.confirmPaymentIntent(paymentIntentId, "declines");
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined", decline_code: "generic_decline" },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
    expect(fake.events.map((event) => event.type)).toEqual(["invoice.payment_failed"]);
    expect(fake.confirmPaymentIntent(paymentIntentId, "succeeds").status).toBe("succeeded");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("replays the first answer to a repeated idempotency key, and refuses the key for other parameters", async () => {
    const first = await stripe.customers.create({ email: "c@example.com" }, { idempotencyKey: "customer-c" });
    const again = await stripe.customers.create({ email: "c@example.com" }, { idempotencyKey: "customer-c" });
    expect(again).toEqual(first);
    expect(fake.customer(first.id)).toMatchObject({ email: "c@example.com" });
    expect(fake.requests.map((request) => request.status)).toEqual([200, 200]);
    await expect(
      stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "customer-c" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
  });

  it("holds an amount on the saved card off-session, captures it once, and releases another", async () => {
    const { customer, card } = await activeSubscription();
    const held = await hold(customer.id, card);
    expect(held).toMatchObject({
      status: "requires_capture",
      amount_capturable: 199,
      capture_method: "manual",
    });
    const captured = await stripe.paymentIntents.capture(held.id, {});
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 199 });
    expect(fake.events.at(-1)).toMatchObject({ type: "payment_intent.succeeded" });
    await expect(stripe.paymentIntents.capture(held.id, {})).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
    await expect(stripe.paymentIntents.cancel(held.id, {})).rejects.toMatchObject({ statusCode: 400 });

    const released = await stripe.paymentIntents.cancel((await hold(customer.id, card, 399)).id, {});
    expect(released).toMatchObject({ status: "canceled", amount_received: 0 });
  });

  it("declines the next hold when told to, whatever the card, and keeps the declined payment", async () => {
    const { customer, card } = await activeSubscription();
    fake.fail("POST /v1/payment_intents", { kind: "cardDeclined", declineCode: "insufficient_funds" }, 1);
    const declined = await hold(customer.id, card).catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: "card_declined",
      decline_code: "insufficient_funds",
    });
    const intentId = (declined as Stripe.errors.StripeCardError).payment_intent?.id ?? "";
    expect(fake.paymentIntent(intentId)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    expect((await hold(customer.id, card)).status).toBe("requires_capture");
  });

  it("opens the customer portal", async () => {
    const customer = await stripe.customers.create({ email: "g@example.com", metadata: {} });
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost:3000/settings",
    });
    expect(session).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: "http://localhost:3000/settings",
    });
    expect(session.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  });

  /** Moves the subscription's one item to `price`, as billing's plan switcher asks. */
  const switchTo = (
    subscription: Stripe.Subscription,
    price: string,
    how: "now" | "next-period",
    prorationDate?: number,
  ) =>
    stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]?.id ?? "", price }],
      ...(how === "now"
        ? {
            proration_behavior: "always_invoice" as const,
            payment_behavior: "error_if_incomplete" as const,
            ...(prorationDate ? { proration_date: prorationDate } : {}),
          }
        : { proration_behavior: "none" as const }),
      metadata: { plan: String(price) },
      expand: PAYMENT,
    });

  it("previews a move to a dearer price, then charges that prorated amount on the saved card at once", async () => {
    const { subscription, customer } = await activeSubscription(999);
    const pro = await monthlyPrice(2999);
    const quotedAt = Math.floor(Date.now() / 1000);
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0]?.id ?? "", price: pro.id }],
        proration_behavior: "always_invoice",
        proration_date: quotedAt,
      },
    });
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview.amount_due).toBeGreaterThan(1990);
    expect(preview.amount_due).toBeLessThanOrEqual(2000);
    expect(preview.lines.data.map((line) => line.amount > 0)).toEqual([false, true]);
    expect(fake.invoicesOf(customer.id)).toHaveLength(1);

    const updated = await switchTo(subscription, pro.id, "now", quotedAt);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_update",
      amount_paid: preview.amount_due,
    });
    expect(updated.items.data[0]?.price.id).toBe(pro.id);
    expect(updated.metadata).toEqual({ userId: "u1", plan: pro.id });
    expect(fake.events.slice(-3).map((event) => event.type)).toEqual([
      "payment_intent.succeeded",
      "invoice.paid",
      "customer.subscription.updated",
    ]);
  });

  it("changes nothing when the saved card declines a move up, and answers 402", async () => {
    const { subscription, customer, invoice } = await activeSubscription(999);
    const pro = await monthlyPrice(2999);
    fake.fail("POST /v1/subscriptions/:id", { kind: "cardDeclined" }, 1);
    await expect(switchTo(subscription, pro.id, "now")).rejects.toMatchObject({
      statusCode: 402,
      code: "card_declined",
    });
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    expect(unchanged.items.data[0]?.price.id).toBe(subscription.items.data[0]?.price.id);
    expect(unchanged.latest_invoice).toBe(invoice.id);
    expect(fake.invoicesOf(customer.id).map((each) => each.status)).toEqual(["void", "paid"]);
  });

  it("moves to a cheaper price with no proration: nothing owed now, the new price from the next period", async () => {
    const { subscription, invoice } = await activeSubscription(2999);
    const solo = await monthlyPrice(499);
    const updated = await switchTo(subscription, solo.id, "next-period");
    expect(updated.items.data[0]?.price.id).toBe(solo.id);
    expect(updated.latest_invoice).toMatchObject({ id: invoice.id, status: "paid" });
    fake.endPeriod(subscription.id);
    const [renewal] = fake.invoicesOf(String(subscription.customer));
    expect(renewal).toMatchObject({
      billing_reason: "subscription_cycle",
      amount_paid: 499,
      status: "paid",
    });
  });

  it("starts a trial with nothing to pay, saves the card through its pending setup intent, and charges at its end", async () => {
    const customer = await stripe.customers.create({ email: "t@example.com", metadata: {} });
    const price = await monthlyPrice(999);
    const trialEnd = Math.floor(Date.now() / 1000) + 5 * 24 * 60 * 60;
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      metadata: { userId: "u2" },
      expand: [...PAYMENT, "pending_setup_intent"],
    });
    expect(subscription).toMatchObject({
      status: "trialing",
      trial_end: trialEnd,
      default_payment_method: null,
    });
    expect(subscription.items.data[0]?.current_period_end).toBe(trialEnd);
    expect(subscription.latest_invoice).toMatchObject({ amount_due: 0, status: "paid" });
    const setup = subscription.pending_setup_intent as Stripe.SetupIntent;
    expect(setup).toMatchObject({ status: "requires_payment_method", usage: "off_session" });
    expect(setup.client_secret?.startsWith(`${setup.id}_secret_`)).toBe(true);

    expect(fake.confirmSetupIntent(setup.id, "declines").status).toBe("requires_payment_method");
    expect(fake.confirmSetupIntent(setup.id, "succeeds").status).toBe("succeeded");
    expect(await stripe.setupIntents.retrieve(setup.id)).toMatchObject({ status: "succeeded" });
    const saved = await stripe.subscriptions.retrieve(subscription.id);
    expect(saved).toMatchObject({ status: "trialing", pending_setup_intent: null });
    expect(saved.default_payment_method).toMatch(/^pm_/);

    fake.trialWillEnd(subscription.id);
    expect(fake.events.at(-1)?.type).toBe("customer.subscription.trial_will_end");
    fake.endPeriod(subscription.id);
    const [first] = fake.invoicesOf(customer.id);
    expect(first).toMatchObject({
      billing_reason: "subscription_cycle",
      amount_paid: 999,
      created: trialEnd,
      status: "paid",
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("ends a trial nobody saved a card for, and leaves a renewal that fails past due until Stripe gives up", async () => {
    const customer = await stripe.customers.create({ email: "u@example.com", metadata: {} });
    const price = await monthlyPrice(499);
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      trial_end: Math.floor(Date.now() / 1000) + 60,
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
    });
    expect(fake.endPeriod(trial.id).status).toBe("canceled");

    const { subscription } = await activeSubscription(999);
    expect(fake.endPeriod(subscription.id, "declines").status).toBe("past_due");
    const failed = fake.events.find((event) => event.type === "invoice.payment_failed");
    expect(failed?.data.object).toMatchObject({ next_payment_attempt: expect.any(Number) });
    fake.stopRetrying(subscription.id);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", cancellation_details: { reason: "payment_failed" } });
    expect(fake.events.at(-1)?.type).toBe("customer.subscription.deleted");
  });

  it("cancels at the period's end (and undoes it), cancels an unpaid one at once, and says a canceled one is gone", async () => {
    const { subscription } = await activeSubscription();
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: "active", cancel_at_period_end: true });
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ status: "active", cancel_at_period_end: false, cancel_at: null });

    const other = await incompleteSubscription(1999);
    const canceled = await stripe.subscriptions.cancel(other.subscription.id, {});
    expect(canceled.status).toBe("canceled");
    expect(fake.events.at(-1)?.type).toBe("customer.subscription.deleted");
    expect(fake.paymentIntent(other.paymentIntentId)?.status).toBe("canceled");
    await expect(stripe.subscriptions.cancel(other.subscription.id, {})).rejects.toMatchObject({
      code: "resource_missing",
    });
    await expect(
      stripe.subscriptions.update(other.subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("updates a customer's address, and deletes it: its subscriptions canceled, its card no longer chargeable", async () => {
    const { customer, subscription, card } = await activeSubscription();
    expect((await stripe.customers.update(customer.id, { email: "new@example.com" })).email).toBe(
      "new@example.com",
    );
    expect(await stripe.customers.del(customer.id)).toEqual({
      id: customer.id,
      object: "customer",
      deleted: true,
    });
    expect(fake.customerDeleted(customer.id)).toBe(true);
    expect(fake.subscription(subscription.id)?.status).toBe("canceled");
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({ code: "resource_missing" });
    await expect(stripe.customers.update(customer.id, { email: "b@example.com" })).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    await expect(hold(customer.id, card)).rejects.toMatchObject({ statusCode: 400 });
  });

  describe("webhooks", () => {
    let receiver: Server;
    let received: { verified: boolean; type?: string; error?: string }[];
    beforeEach(async () => {
      received = [];
      receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          try {
            const event = stripe.webhooks.constructEvent(
              Buffer.concat(chunks),
              String(request.headers["stripe-signature"]),
              fake.webhookSecret,
              300,
            );
            received.push({ verified: true, type: event.type });
            response.writeHead(200).end("{}");
          } catch (error) {
            received.push({ verified: false, error: String(error) });
            response.writeHead(400).end("bad signature");
          }
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      fake.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`);
    });
    afterEach(async () => {
      await new Promise((resolve) => receiver.close(resolve));
    });

    it("delivers each event once, signed so the SDK verifies it", async () => {
      await activeSubscription();
      const deliveries = await fake.deliverAll();
      expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
      expect(received.every((delivery) => delivery.verified)).toBe(true);
      expect(received.map((delivery) => delivery.type)).toContain("invoice.paid");
      expect(await fake.deliverAll()).toEqual([]);
    });

    it("redelivers an event at once, and with a signature that does not hold or is too old", async () => {
      await activeSubscription();
      const event = fake.events.find((candidate) => candidate.type === "invoice.paid");
      const twice = await fake.deliver(String(event?.id), { times: 2, concurrently: true });
      expect(twice.map((delivery) => delivery.status)).toEqual([200, 200]);
      for (const signature of ["tampered", "expired"] as const) {
        const [delivery] = await fake.deliver(String(event?.id), { signature });
        expect(delivery?.status).toBe(400);
      }
      expect(received.map((delivery) => delivery.verified)).toEqual([true, true, false, false]);
      expect(received[3]?.error).toMatch(/tolerance/);
    });
  });

  describe("faults", () => {
    it("answers 500 until the SDK's retries are spent, then works again", async () => {
      fake.fail("any", { kind: "serverError" });
      await expect(stripe.customers.create({ email: "i@example.com" })).rejects.toBeInstanceOf(
        Stripe.errors.StripeAPIError,
      );
      expect(fake.requests.map((request) => request.status)).toEqual([500, 500]);
      fake.heal();
      expect((await stripe.customers.create({ email: "i@example.com" })).email).toBe("i@example.com");
    });

    it("recovers from one 500 through the SDK's retry without a second object", async () => {
      fake.fail("POST /v1/customers", { kind: "serverError" }, 1);
      await stripe.customers.create({ email: "j@example.com" });
      expect(fake.requests.map((request) => request.status)).toEqual([500, 200]);
      expect(new Set(fake.requests.map((request) => request.idempotencyKey)).size).toBe(1);
    });

    it("rate-limits with 429, which the SDK does not retry", async () => {
      fake.fail("GET /v1/prices", { kind: "rateLimited" }, 1);
      await expect(stripe.prices.list({ lookup_keys: ["x"] })).rejects.toBeInstanceOf(
        Stripe.errors.StripeRateLimitError,
      );
      expect(fake.requests).toHaveLength(1);
    });

    it("answers 200 with a body that is not JSON, which the SDK reports", async () => {
      fake.fail("any", { kind: "malformed" }, 1);
      await expect(stripe.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeError);
    });

    it("answers late, past the SDK's time-out", async () => {
      const { subscription } = await incompleteSubscription();
      fake.fail("GET /v1/subscriptions/:id", { kind: "slow", delayMs: 300 }, 2);
      const impatient = sdkFor(fake, fake.secretKey, 100);
      await expect(impatient.subscriptions.retrieve(subscription.id)).rejects.toBeInstanceOf(
        Stripe.errors.StripeConnectionError,
      );
      expect(fake.requests.filter((request) => request.route === "GET /v1/subscriptions/:id")).toHaveLength(
        2,
      );
    });

    it("refuses a wrong key, a call the adapter does not make, a parameter it does not send and a choice it does not make", async () => {
      await expect(sdkFor(fake, "sk_test_wrong").customers.create({})).rejects.toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
      const customer = await stripe.customers.create({});
      await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({
        statusCode: 404,
        message: expect.stringMatching(/^Unrecognized request URL/),
      });
      await expect(stripe.customers.create({ name: "x" })).rejects.toMatchObject({
        statusCode: 400,
        code: "parameter_unknown",
        param: "name",
      });
      const price = await monthlyPrice(499);
      await expect(
        stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity: 2 }] }),
      ).rejects.toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "items[0][quantity]" });
      await expect(
        stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }),
      ).rejects.toMatchObject({ statusCode: 400, param: "payment_behavior" });
    });
  });
});

const sdkFor = (api: FakeStripeApi, key = api.secretKey, timeout = 2_000) => {
  const { hostname, port } = new URL(api.url);
  return new Stripe(key, {
    host: hostname,
    port: Number(port),
    protocol: "http",
    maxNetworkRetries: 1,
    timeout,
  });
};
