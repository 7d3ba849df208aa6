import { randomBytes } from "node:crypto";

type Json = Record<string, unknown>;

/** A refusal in Stripe's own shape, with its HTTP status. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

export const invalid = (message: string, param?: string) =>
  new StripeFailure(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) =>
  new StripeFailure(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
  });
const declined = () =>
  new StripeFailure(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  });

const DAY = 24 * 60 * 60;
const PERIOD = 30 * DAY;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export type CardBehaviour = "succeeds" | "declines" | "requires_action" | "insufficient_funds";

interface Subscription extends Json {
  id: string;
  customer: string;
  status: string;
  latest_invoice: string;
  /** The price a paid switch moves to. */
  pendingPrice?: string;
}

/**
 * Stripe's objects as billing uses them — customers, products, prices, subscriptions, invoices,
 * payment intents, payment methods — and the changes a card payment, a renewal or the end of a period
 * makes to them, each recorded as an event.
 */
export class StripeState {
  readonly customers = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly paymentMethods = new Map<string, CardBehaviour>();
  readonly events: Json[] = [];
  /** The next confirmations that fail, whatever the card. */
  declineNext = 0;

  private emit(type: string, object: Json): void {
    this.events.push({
      id: newId("evt"),
      object: "event",
      type,
      api_version: "2026-10-28.endive",
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
  }

  private get<T extends Json>(map: Map<string, T>, kind: string, id: string): T {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }

  customer(id: string) {
    return this.get(this.customers, "customer", id);
  }
  price(id: string) {
    return this.get(this.prices, "price", id);
  }
  subscription(id: string) {
    return this.get(this.subscriptions, "subscription", id);
  }
  invoice(id: string) {
    return this.get(this.invoices, "invoice", id);
  }
  paymentIntent(id: string) {
    return this.get(this.paymentIntents, "payment_intent", id);
  }

  createCustomer(body: Json): Json {
    const customer = {
      id: newId("cus"),
      object: "customer",
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      created: nowSeconds(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  createProduct(body: Json): Json {
    if (!body.name) throw invalid("Missing required param: name.", "name");
    const product = {
      id: newId("prod"),
      object: "product",
      active: true,
      name: body.name,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
    };
    this.products.set(product.id, product);
    return product;
  }

  createPrice(body: Json): Json {
    const unitAmount = Number(body.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      throw invalid("Invalid integer: unit_amount", "unit_amount");
    if (typeof body.product !== "string" || !this.products.has(body.product))
      throw invalid("No such product", "product");
    const taken = [...this.prices.values()].find(
      (price) => body.lookup_key && price.lookup_key === body.lookup_key,
    );
    if (taken && body.transfer_lookup_key !== "true") {
      throw invalid(`A price (\`${taken.id}\`) already uses that lookup key.`, "lookup_key");
    }
    if (taken) taken.lookup_key = null;
    const recurring = body.recurring as Json | undefined;
    const price = {
      id: newId("price"),
      object: "price",
      active: true,
      currency: body.currency,
      unit_amount: unitAmount,
      product: body.product,
      lookup_key: body.lookup_key ?? null,
      recurring: recurring ? { interval: recurring.interval, interval_count: 1 } : null,
      type: recurring ? "recurring" : "one_time",
      metadata: body.metadata ?? {},
    };
    this.prices.set(price.id, price);
    return price;
  }

  listPrices(query: Json): Json[] {
    const keys = (query.lookup_keys as string[] | undefined) ?? [];
    return [...this.prices.values()].filter(
      (price) =>
        (keys.length === 0 || keys.includes(price.lookup_key as string)) &&
        (query.active !== "true" || price.active),
    );
  }

  private openInvoice(
    subscription: Subscription,
    amount: number,
    reason: string,
  ): { invoice: Json; paymentIntent: Json } {
    const paymentIntent = {
      id: newId("pi"),
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: "usd",
      customer: subscription.customer,
      status: "requires_payment_method",
      capture_method: "automatic",
      payment_method: null,
      last_payment_error: null,
      metadata: {},
      created: nowSeconds(),
    } as Json;
    paymentIntent.client_secret = `${paymentIntent.id}_secret_${randomBytes(8).toString("hex")}`;
    const invoice = {
      id: newId("in"),
      object: "invoice",
      status: "open",
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      currency: "usd",
      customer: subscription.customer,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      confirmation_secret: { client_secret: paymentIntent.client_secret, type: "payment_intent" },
      payments: {
        object: "list",
        has_more: false,
        url: "/v1/invoice_payments",
        data: [
          {
            id: newId("inpay"),
            object: "invoice_payment",
            status: "open",
            payment: { type: "payment_intent", payment_intent: paymentIntent.id },
          },
        ],
      },
    };
    paymentIntent.invoice = invoice.id;
    this.paymentIntents.set(paymentIntent.id as string, paymentIntent);
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return { invoice, paymentIntent };
  }

  private item(subscription: Subscription): Json {
    const item = ((subscription.items as Json).data as Json[])[0];
    if (!item) throw new Error("subscription without item");
    return item;
  }

  createSubscription(body: Json): Subscription {
    const customer = this.customer(String(body.customer));
    const wanted = (body.items as Json[] | undefined)?.[0];
    if (!wanted) throw invalid("Missing required param: items.", "items");
    const price = this.price(String(wanted.price));
    const start = nowSeconds();
    const subscription: Subscription = {
      id: newId("sub"),
      object: "subscription",
      customer: customer.id as string,
      status: "incomplete",
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { reason: null },
      default_payment_method: null,
      pending_update: null,
      metadata: body.metadata ?? {},
      payment_settings: body.payment_settings ?? {},
      latest_invoice: "",
      items: {
        object: "list",
        has_more: false,
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + PERIOD,
          },
        ],
      },
      created: start,
    };
    this.subscriptions.set(subscription.id, subscription);
    this.openInvoice(subscription, price.unit_amount as number, "subscription_create");
    this.emit("customer.subscription.created", subscription);
    this.emit("invoice.created", this.invoice(subscription.latest_invoice));
    return subscription;
  }

  updateSubscription(id: string, body: Json): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled")
      throw invalid("A canceled subscription can only update its metadata.");
    if (body.metadata)
      subscription.metadata = { ...(subscription.metadata as Json), ...(body.metadata as Json) };
    if (body.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
    const wanted = (body.items as Json[] | undefined)?.[0];
    if (wanted?.price) {
      const item = this.item(subscription);
      if (wanted.id !== item.id) throw invalid("Invalid subscription item", "items[0][id]");
      const next = this.price(String(wanted.price));
      const current = item.price as Json;
      const remaining = Math.max(0, (item.current_period_end as number) - nowSeconds()) / PERIOD;
      const owed = Math.max(
        0,
        Math.round((next.unit_amount as number) - (current.unit_amount as number) * remaining),
      );
      if (owed === 0 || body.payment_behavior !== "pending_if_incomplete") {
        item.price = next;
      } else {
        subscription.pendingPrice = next.id as string;
        subscription.pending_update = {
          subscription_items: [{ id: item.id, price: next }],
          expires_at: nowSeconds() + DAY,
        };
        this.openInvoice(subscription, owed, "subscription_update");
      }
    }
    this.emit("customer.subscription.updated", subscription);
    return subscription;
  }

  cancelSubscription(id: string, reason = "cancellation_requested"): Subscription {
    const subscription = this.subscription(id);
    subscription.status = "canceled";
    subscription.canceled_at = nowSeconds();
    subscription.cancellation_details = { reason };
    this.emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  createPaymentIntent(body: Json): Json {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw invalid("Amount must be at least $0.50 usd", "amount");
    const paymentIntent: Json = {
      id: newId("pi"),
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: body.currency,
      customer: body.customer ?? null,
      status: "requires_payment_method",
      capture_method: body.capture_method ?? "automatic",
      payment_method: body.payment_method ?? null,
      description: body.description ?? null,
      last_payment_error: null,
      metadata: body.metadata ?? {},
      created: nowSeconds(),
    };
    paymentIntent.client_secret = `${paymentIntent.id}_secret_${randomBytes(8).toString("hex")}`;
    this.paymentIntents.set(paymentIntent.id as string, paymentIntent);
    if (body.confirm === "true") {
      if (!paymentIntent.payment_method)
        throw invalid("You must provide a payment method to confirm.", "payment_method");
      const outcome = this.charge(
        paymentIntent,
        this.paymentMethods.get(String(paymentIntent.payment_method)) ?? "succeeds",
      );
      if (outcome !== "succeeds") throw declined();
    }
    return paymentIntent;
  }

  /** Runs a payment on a card; a manual-capture payment is only authorised. */
  private charge(paymentIntent: Json, card: CardBehaviour): CardBehaviour {
    const outcome: CardBehaviour = this.declineNext > 0 ? "declines" : card;
    if (this.declineNext > 0) this.declineNext -= 1;
    if (outcome === "succeeds") {
      const manual = paymentIntent.capture_method === "manual";
      paymentIntent.status = manual ? "requires_capture" : "succeeded";
      paymentIntent.amount_received = manual ? 0 : paymentIntent.amount;
      paymentIntent.last_payment_error = null;
      this.emit(
        manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded",
        paymentIntent,
      );
    } else if (outcome === "requires_action") {
      paymentIntent.status = "requires_action";
      this.emit("payment_intent.requires_action", paymentIntent);
    } else {
      paymentIntent.status = "requires_payment_method";
      paymentIntent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: outcome === "insufficient_funds" ? "insufficient_funds" : "generic_decline",
        message: "Your card was declined.",
      };
      this.emit("payment_intent.payment_failed", paymentIntent);
    }
    return outcome;
  }

  capture(id: string): Json {
    const paymentIntent = this.paymentIntent(id);
    if (paymentIntent.status !== "requires_capture") {
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${paymentIntent.status}.`,
      );
    }
    paymentIntent.status = "succeeded";
    paymentIntent.amount_received = paymentIntent.amount;
    this.emit("payment_intent.succeeded", paymentIntent);
    return paymentIntent;
  }

  cancelPaymentIntent(id: string): Json {
    const paymentIntent = this.paymentIntent(id);
    if (paymentIntent.status === "succeeded" || paymentIntent.status === "canceled") {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${paymentIntent.status}.`,
      );
    }
    paymentIntent.status = "canceled";
    this.emit("payment_intent.canceled", paymentIntent);
    return paymentIntent;
  }

  addPaymentMethod(customerId: string, behaviour: CardBehaviour): string {
    const customer = this.customer(customerId);
    const id = newId("pm");
    this.paymentMethods.set(id, behaviour);
    (customer.invoice_settings as Json).default_payment_method = id;
    return id;
  }

  /** What Stripe.js does once the customer has typed a card into the payment form. */
  confirm(paymentIntentId: string, card: CardBehaviour): void {
    const paymentIntent = this.paymentIntent(paymentIntentId);
    if (paymentIntent.status === "succeeded") throw invalid("This PaymentIntent has already succeeded.");
    const paymentMethod = this.addPaymentMethod(String(paymentIntent.customer), card);
    paymentIntent.payment_method = paymentMethod;
    const outcome = this.charge(paymentIntent, card);
    const invoice = paymentIntent.invoice ? this.invoice(String(paymentIntent.invoice)) : undefined;
    if (!invoice) return;
    const subscription = this.subscription(
      String((invoice.parent as Json & { subscription_details: Json }).subscription_details.subscription),
    );
    if (outcome !== "succeeds") {
      this.emit("invoice.payment_failed", invoice);
      return;
    }
    this.payInvoice(invoice);
    if ((subscription.payment_settings as Json).save_default_payment_method === "on_subscription") {
      subscription.default_payment_method = paymentMethod;
    }
    if (subscription.status === "incomplete") subscription.status = "active";
    if (subscription.pendingPrice) {
      this.item(subscription).price = this.price(subscription.pendingPrice);
      delete subscription.pendingPrice;
      subscription.pending_update = null;
    }
    this.emit("customer.subscription.updated", subscription);
  }

  private payInvoice(invoice: Json): void {
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    for (const payment of (invoice.payments as Json).data as Json[]) payment.status = "paid";
    this.emit("invoice.paid", invoice);
  }

  /** The end of a paid period: Stripe invoices the next one and charges the saved card. */
  renew(subscriptionId: string, outcome: "paid" | "failed"): void {
    const subscription = this.subscription(subscriptionId);
    const item = this.item(subscription);
    const { invoice, paymentIntent } = this.openInvoice(
      subscription,
      (item.price as Json).unit_amount as number,
      "subscription_cycle",
    );
    paymentIntent.payment_method = subscription.default_payment_method;
    if (outcome === "paid") {
      this.charge(paymentIntent, "succeeds");
      this.payInvoice(invoice);
      item.current_period_start = item.current_period_end;
      item.current_period_end = (item.current_period_end as number) + PERIOD;
      subscription.status = "active";
    } else {
      this.charge(paymentIntent, "declines");
      this.emit("invoice.payment_failed", invoice);
      subscription.status = "past_due";
    }
    this.emit("customer.subscription.updated", subscription);
  }

  /** Stripe's retries of a failed renewal are used up: the subscription is cancelled. */
  giveUpRenewal(subscriptionId: string): void {
    this.cancelSubscription(subscriptionId, "payment_failed");
  }

  /** The period ends: a subscription set to cancel then cancels, any other renews. */
  endPeriod(subscriptionId: string): void {
    const subscription = this.subscription(subscriptionId);
    if (subscription.cancel_at_period_end) this.cancelSubscription(subscriptionId);
    else this.renew(subscriptionId, "paid");
  }
}
