import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripeApi, startFakeStripeApi } from "./fake-stripe-api.ts";

const PAYMENT = ["latest_invoice.confirmation_secret", "latest_invoice.payments"];

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

  const sdkFor = (api: FakeStripeApi, key = api.secretKey) =>
    new Stripe(key, {
      host: api.host,
      port: api.port,
      protocol: api.protocol,
      maxNetworkRetries: 1,
      timeout: 2_000,
    });

  async function monthlyPrice(cents: number, key = `plan_${cents}`) {
    const product = await stripe.products.create({ name: `Plan ${cents}`, metadata: { plan: key } });
    return stripe.prices.create({
      product: product.id,
      unit_amount: cents,
      currency: "usd",
      recurring: { interval: "month" },
      lookup_key: key,
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

  async function activeSubscription(cents = 999) {
    const started = await incompleteSubscription(cents);
    fake.confirmPaymentIntent(started.paymentIntentId, "succeeds");
    return started;
  }

  it("finds a price by its lookup key once created, with its product expanded", async () => {
    const none = await stripe.prices.list({ lookup_keys: ["plan_499"], active: true });
    expect(none.data).toEqual([]);
    const created = await monthlyPrice(499);
    const found = await stripe.prices.list({
      lookup_keys: ["plan_499"],
      active: true,
      expand: ["data.product"],
    });
    expect(found.data.map((price) => price.id)).toEqual([created.id]);
    expect(found.data[0]).toMatchObject({
      unit_amount: 499,
      currency: "usd",
      recurring: { interval: "month", interval_count: 1 },
      product: { object: "product", name: "Plan 499" },
    });
    await expect(monthlyPrice(499)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "lookup_key",
    });
  });

  it("keeps customers, finds them by e-mail and by metadata, and updates their default card", async () => {
    const customer = await stripe.customers.create({
      email: "b@example.com",
      name: "B",
      metadata: { userId: "u2" },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect((await stripe.customers.list({ email: "b@example.com" })).data.map((c) => c.id)).toEqual([
      customer.id,
    ]);
    const searched = await stripe.customers.search({ query: "metadata['userId']:'u2'" });
    expect(searched.data.map((c) => c.id)).toEqual([customer.id]);
    const card = fake.addPaymentMethod(customer.id, "succeeds");
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card },
      metadata: { plan: "solo" },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(card);
    expect(updated.metadata).toEqual({ userId: "u2", plan: "solo" });
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("starts a subscription incomplete, its first invoice open with a payment intent to confirm", async () => {
    const { subscription, invoice, paymentIntentId, customer } = await incompleteSubscription(999);
    expect(subscription.status).toBe("incomplete");
    expect(invoice).toMatchObject({ status: "open", amount_due: 999, billing_reason: "subscription_create" });
    expect(invoice.confirmation_secret?.type).toBe("payment_intent");
    expect(invoice.confirmation_secret?.client_secret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      amount: 999,
      currency: "usd",
      customer: customer.id,
      metadata: { userId: "u1", invoice: invoice.id },
    });
    expect(subscription.items.data[0]?.price.lookup_key).toBe("plan_999");
    expect(subscription.items.data[0]?.current_period_end).toBeGreaterThan(Date.now() / 1000);
    const plain = await stripe.invoices.retrieve(invoice.id);
    expect(plain.confirmation_secret).toBeUndefined();
    expect(plain.payments).toBeUndefined();
  });

  it("activates the subscription when the card succeeds: invoice paid, card saved, events emitted", async () => {
    const { subscription, invoice, paymentIntentId } = await incompleteSubscription();
    const before = fake.events.length;
    const intent = fake.confirmPaymentIntent(paymentIntentId, "succeeds");
    expect(intent.status).toBe("succeeded");
    const active = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice.payments"],
    });
    expect(active.status).toBe("active");
    expect(active.default_payment_method).toBe(intent.payment_method);
    const paid = active.latest_invoice as Stripe.Invoice;
    expect(paid).toMatchObject({ id: invoice.id, status: "paid", amount_paid: 999, amount_remaining: 0 });
    expect(paid.payments?.data[0]).toMatchObject({ status: "paid", amount_paid: 999 });
    const types = fake.events.slice(before).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(["payment_intent.succeeded", "invoice.paid", "customer.subscription.updated"]),
    );
    expect(types.indexOf("invoice.paid")).toBeLessThan(types.indexOf("customer.subscription.updated"));
    const updated = fake.events.slice(before).find((event) => event.type === "customer.subscription.updated");
    expect(updated?.data.previous_attributes).toMatchObject({ status: "incomplete" });
    expect(updated).toMatchObject({ api_version: "2026-10-28.endive", livemode: false });
  });

  it("leaves the subscription incomplete when the card is declined", async () => {
    const { subscription, paymentIntentId } = await incompleteSubscription();
    const before = fake.events.length;
    const intent = fake.confirmPaymentIntent(paymentIntentId, "declines");
    expect(intent).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined", decline_code: "generic_decline" },
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
    expect(fake.events.slice(before).map((event) => event.type)).toEqual(
      expect.arrayContaining(["payment_intent.payment_failed", "invoice.payment_failed"]),
    );
    expect(fake.confirmPaymentIntent(paymentIntentId, "requires_action").status).toBe("requires_action");
  });

  it("replays the first answer to a repeated idempotency key, and refuses the key for other parameters", async () => {
    const first = await stripe.customers.create({ email: "c@example.com" }, { idempotencyKey: "customer-c" });
    const again = await stripe.customers.create({ email: "c@example.com" }, { idempotencyKey: "customer-c" });
    expect(again).toEqual(first);
    expect(fake.events.filter((event) => event.type === "customer.created")).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "customer-c" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
  });

  it("holds an amount on the saved card off-session and captures it", async () => {
    const customer = await stripe.customers.create({ email: "d@example.com" });
    const card = fake.addPaymentMethod(customer.id, "succeeds");
    const hold = await stripe.paymentIntents.create({
      amount: 199,
      currency: "usd",
      customer: customer.id,
      payment_method: card,
      off_session: true,
      confirm: true,
      capture_method: "manual",
    });
    expect(hold).toMatchObject({ status: "requires_capture", amount_capturable: 199 });
    const captured = await stripe.paymentIntents.capture(hold.id);
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 199 });
    await expect(stripe.paymentIntents.capture(hold.id)).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
    await expect(stripe.paymentIntents.cancel(hold.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("releases a hold, and refuses a charge with no card or with a declining one", async () => {
    const customer = await stripe.customers.create({ email: "e@example.com" });
    const hold = {
      amount: 399,
      currency: "usd",
      customer: customer.id,
      confirm: true,
      off_session: true,
    } as const;
    await expect(stripe.paymentIntents.create({ ...hold, capture_method: "manual" })).rejects.toMatchObject({
      statusCode: 400,
    });
    const card = fake.addPaymentMethod(customer.id, "succeeds");
    const held = await stripe.paymentIntents.create({ ...hold, capture_method: "manual" });
    expect(held.payment_method).toBe(card);
    expect((await stripe.paymentIntents.cancel(held.id)).status).toBe("canceled");

    const declining = fake.addPaymentMethod(customer.id, "declines");
    const declined = await stripe.paymentIntents
      .create({ ...hold, payment_method: declining, capture_method: "manual" })
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: "card_declined" });
    const intentId = (declined as Stripe.errors.StripeCardError).payment_intent?.id ?? "";
    expect(fake.paymentIntent(intentId)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
  });

  it("declines the next charge when told to, whatever the card", async () => {
    const customer = await stripe.customers.create({ email: "f@example.com" });
    fake.addPaymentMethod(customer.id, "succeeds");
    fake.fail("POST /v1/payment_intents", { kind: "cardDeclined" }, 1);
    const charge = { amount: 500, currency: "usd", customer: customer.id, confirm: true } as const;
    await expect(stripe.paymentIntents.create(charge)).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((await stripe.paymentIntents.create(charge)).status).toBe("succeeded");
  });

  it("opens the customer portal", async () => {
    const customer = await stripe.customers.create({ email: "g@example.com" });
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost:3000/settings",
    });
    expect(session).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: "http://localhost:3000/settings",
    });
    expect(session.url.startsWith(`${fake.url}/portal/`)).toBe(true);
    expect((await fetch(session.url)).status).toBe(200);
  });

  it("switches price through a prorated invoice, applied only once it is paid", async () => {
    const { subscription } = await activeSubscription(999);
    const pro = await monthlyPrice(2999);
    const item = subscription.items.data[0];
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item?.id ?? "", price: pro.id }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
      metadata: { plan: "pro" },
      expand: PAYMENT,
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", billing_reason: "subscription_update" });
    expect(invoice.amount_due).toBeGreaterThan(1990);
    expect(invoice.amount_due).toBeLessThanOrEqual(2000);
    expect(updated.items.data[0]?.price.id).not.toBe(pro.id);
    expect(updated.pending_update?.subscription_items?.[0]?.price.id).toBe(pro.id);

    const intentId = String(invoice.payments?.data[0]?.payment.payment_intent);
    fake.confirmPaymentIntent(intentId, "succeeds");
    const switched = await stripe.subscriptions.retrieve(subscription.id);
    expect(switched.items.data[0]?.price.id).toBe(pro.id);
    expect(switched.pending_update).toBeNull();
    expect(switched.metadata).toEqual({ userId: "u1", plan: "pro" });
    expect(fake.subscriptionsOf(String(switched.customer))).toHaveLength(1);
  });

  it("cancels at the period's end, and cancels at once", async () => {
    const { subscription } = await activeSubscription();
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ status: "active", cancel_at_period_end: true });
    fake.endPeriod(subscription.id);
    expect(fake.subscription(subscription.id)?.status).toBe("canceled");
    expect(fake.events.at(-1)?.type).toBe("customer.subscription.deleted");
    expect((await stripe.subscriptions.list({ customer: String(subscription.customer) })).data).toEqual([]);

    const other = await incompleteSubscription(1999);
    const cancelled = await stripe.subscriptions.cancel(other.subscription.id);
    expect(cancelled.status).toBe("canceled");
    expect(fake.paymentIntent(other.paymentIntentId)?.status).toBe("canceled");
  });

  it("deletes a customer: its subscriptions canceled at once, its card detached, a stub left to retrieve", async () => {
    const { customer, subscription } = await activeSubscription();
    const card = String(fake.subscription(subscription.id)?.default_payment_method);
    expect(await stripe.customers.del(customer.id)).toEqual({
      id: customer.id,
      object: "customer",
      deleted: true,
    });
    expect(fake.customerDeleted(customer.id)).toBe(true);
    expect(fake.subscription(subscription.id)?.status).toBe("canceled");
    expect(fake.paymentMethod(card)?.customer).toBeNull();
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({ code: "resource_missing" });
    await expect(stripe.customers.update(customer.id, { email: "b@example.com" })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("renews a period paid by the saved card", async () => {
    const { subscription } = await activeSubscription(499);
    const end = subscription.items.data[0]?.current_period_end ?? 0;
    const before = fake.events.length;
    fake.advanceToRenewal(subscription.id, "paid");
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]?.current_period_start).toBe(end);
    expect(renewed.items.data[0]?.current_period_end).toBeGreaterThan(end);
    expect(renewed.latest_invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_cycle",
      amount_paid: 499,
    });
    expect(fake.events.slice(before).map((event) => event.type)).toContain("invoice.paid");
  });

  it("leaves a failed renewal past due, and cancels it when Stripe gives up", async () => {
    const { subscription } = await activeSubscription();
    fake.advanceToRenewal(subscription.id, "failed");
    expect(fake.subscription(subscription.id)?.status).toBe("past_due");
    expect(fake.events.map((event) => event.type)).toContain("invoice.payment_failed");
    const ended = fake.failRenewalFinally(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", cancellation_details: { reason: "payment_failed" } });
    expect(fake.events.at(-1)?.type).toBe("customer.subscription.deleted");
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
      const { paymentIntentId } = await incompleteSubscription();
      fake.confirmPaymentIntent(paymentIntentId, "succeeds");
      const deliveries = await fake.deliverAll();
      expect(deliveries.length).toBe(fake.events.length);
      expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
      expect(received.every((delivery) => delivery.verified)).toBe(true);
      expect(received.map((delivery) => delivery.type)).toContain("invoice.paid");
      expect(await fake.deliverAll()).toEqual([]);
    });

    it("redelivers an event at once, and with a signature that does not hold or is too old", async () => {
      const customer = await stripe.customers.create({ email: "h@example.com" });
      const event = fake.events.find((candidate) => candidate.type === "customer.created");
      if (!event) throw new Error("No customer.created event");
      expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
      const twice = await fake.deliver(event.id, { times: 2, concurrently: true });
      expect(twice.map((delivery) => delivery.status)).toEqual([200, 200]);
      for (const signature of ["tampered", "expired"] as const) {
        const [delivery] = await fake.deliver(event.id, { signature });
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
      expect(fake.requests.filter((request) => request.path === "/v1/customers")).toHaveLength(2);
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
      fake.fail("/v1/prices", { kind: "rateLimited" }, 1);
      await expect(stripe.prices.list({ lookup_keys: ["x"] })).rejects.toBeInstanceOf(
        Stripe.errors.StripeRateLimitError,
      );
      expect(fake.calls["GET /v1/prices"]).toBe(1);
    });

    it("answers 200 with a body that is not JSON, which the SDK reports", async () => {
      fake.fail("any", { kind: "malformed" }, 1);
      await expect(stripe.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeError);
    });

    it("answers late, past the SDK's time-out", async () => {
      fake.fail("GET /v1/customers/:id", { kind: "slow", delayMs: 300 }, 2);
      const customer = await stripe.customers.create({});
      const impatient = new Stripe(fake.secretKey, {
        ...sdkOptions(fake),
        timeout: 100,
        maxNetworkRetries: 1,
      });
      await expect(impatient.customers.retrieve(customer.id)).rejects.toBeInstanceOf(
        Stripe.errors.StripeConnectionError,
      );
    });

    it("refuses a wrong key, an unknown URL and an unknown parameter", async () => {
      await expect(sdkFor(fake, "sk_test_wrong").customers.create({})).rejects.toBeInstanceOf(
        Stripe.errors.StripeAuthenticationError,
      );
      await expect(stripe.charges.list()).rejects.toMatchObject({
        statusCode: 404,
        message: expect.stringMatching(/^Unrecognized request URL/),
      });
      await expect(
        stripe.customers.create({ emial: "x" } as unknown as Stripe.CustomerCreateParams),
      ).rejects.toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "emial" });
    });
  });
});

const sdkOptions = (api: FakeStripeApi) => ({ host: api.host, port: api.port, protocol: api.protocol });
