import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { decodeForm, type FormObject, type FormValue, listOf } from "./fake-stripe-form.ts";
import {
  API_ERROR_BODY,
  customerObject,
  declineOf,
  FAKE_STRIPE_API_VERSION,
  type FakeCardBehaviour,
  INCLUDABLE,
  type InvoiceBillingReason,
  invalidRequest,
  invoiceObject,
  type Metadata,
  newId,
  noSuch,
  now,
  paymentIntentObject,
  paymentMethodObject,
  portalSessionObject,
  priceObject,
  productObject,
  RATE_LIMITED_BODY,
  type StoredCustomer,
  type StoredInvoice,
  type StoredObject,
  type StoredPaymentIntent,
  type StoredPaymentMethod,
  type StoredPrice,
  type StoredProduct,
  type StoredSubscription,
  type StoredSubscriptionItem,
  type StripeErrorBody,
  subscriptionObject,
} from "./fake-stripe-resources.ts";

export { FAKE_STRIPE_API_VERSION, type FakeCardBehaviour } from "./fake-stripe-resources.ts";

/**
 * Which requests a fault hits: `"any"`; a route as the fake names it (`"POST /v1/subscriptions/:id"`),
 * with or without its method (`"/v1/payment_intents"`); or a pattern tested against `"POST /v1/…"`.
 */
export type FakeStripeEndpoint = "any" | string | RegExp;

/** What the fake can do instead of answering well. */
export type FakeStripeFault =
  /** 500 `api_error` by default; the SDK retries 5xx answers before giving up. */
  | { kind: "serverError"; status?: number }
  /** 429 `rate_limit`, which the SDK does not retry. */
  | { kind: "rateLimited" }
  /** Answers correctly, but only after `delayMs` (a client that timed out meanwhile retries). */
  | { kind: "slow"; delayMs: number }
  /** 200 with a body that is not JSON. */
  | { kind: "malformed"; body?: string }
  /** The next charge the request makes is declined: 402 `card_declined`, as a card that stopped working. */
  | { kind: "cardDeclined"; declineCode?: "generic_decline" | "insufficient_funds" };

export interface FakeStripeRequest {
  method: string;
  /** Without the query string: `/v1/subscriptions/sub_…`. */
  path: string;
  /** The route it matched, `"POST /v1/subscriptions/:id"`, or undefined for an unknown URL. */
  route: string | undefined;
  /** Decoded form body and query string together, as the API reads them. */
  body: FormObject;
  idempotencyKey: string | undefined;
  /** The status answered; 0 while the request is still being answered. */
  status: number;
}

export interface FakeWebhookDelivery {
  eventId: string;
  type: string;
  /** The receiver's status, or 0 when it could not be reached. */
  status: number;
  body: string;
  error?: string;
}

export interface FakeDeliverOptions {
  /** How many times to send it (default 1). */
  times?: number;
  /** Sends all `times` at once instead of one after another, as Stripe may. */
  concurrently?: boolean;
  /** `tampered`: the body changed after signing; `expired`: signed ten minutes ago, past the 300 s tolerance. */
  signature?: "valid" | "tampered" | "expired";
}

export interface FakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Where events go; also settable later with `setWebhookUrl`. */
  webhookUrl?: string;
  /** Sends each event as it happens; by default a test sends them with `deliver`/`deliverAll`. */
  autoDeliver?: boolean;
}

export interface FakeStripeApi {
  /** For `new Stripe(key, { host, port, protocol })`. */
  readonly host: string;
  readonly port: number;
  readonly protocol: "http";
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Billing's `stripe` settings for this fake: its keys, and its address for Stripe's API. */
  readonly billingSettings: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiUrl: string;
  };
  /** Every request, oldest first, failed and refused ones included. */
  readonly requests: readonly FakeStripeRequest[];
  /** Requests per route (`"POST /v1/subscriptions"`); unknown URLs count under `"unknown"`. */
  readonly calls: Readonly<Record<string, number>>;
  /** Every event, oldest first. */
  readonly events: readonly Stripe.Event[];
  /** Every webhook sent, oldest first. */
  readonly deliveries: readonly FakeWebhookDelivery[];

  customer(id: string): Stripe.Customer | undefined;
  /** Whether the customer was deleted (`DELETE /v1/customers/:id`): its cards gone, its subscriptions canceled. */
  customerDeleted(id: string): boolean;
  price(id: string): Stripe.Price | undefined;
  product(id: string): Stripe.Product | undefined;
  paymentIntent(id: string): Stripe.PaymentIntent | undefined;
  paymentMethod(id: string): Stripe.PaymentMethod | undefined;
  /** With `confirmation_secret` and `payments`, as when expanded. */
  invoice(id: string): Stripe.Invoice | undefined;
  subscription(id: string): Stripe.Subscription | undefined;
  /** Oldest first, canceled ones included. */
  subscriptionsOf(customerId: string): Stripe.Subscription[];

  /**
   * What Stripe.js does once the customer has entered `card` for this payment intent: the payment, the
   * invoice it pays and the subscription that invoice belongs to change, and their events are emitted.
   */
  confirmPaymentIntent(id: string, card: FakeCardBehaviour): Stripe.PaymentIntent;
  /** A card saved for the customer, made its default and its live subscriptions' default; its id. */
  addPaymentMethod(customerId: string, behaviour: "succeeds" | "declines"): string;
  /** The period ends and the next is billed to the saved card, which pays it or not (then `past_due`). */
  advanceToRenewal(subscriptionId: string, outcome: "paid" | "failed"): Stripe.Subscription;
  /** Stripe's retries of a failed renewal are exhausted: canceled (its default) or `unpaid`. */
  failRenewalFinally(subscriptionId: string, then?: "canceled" | "unpaid"): Stripe.Subscription;
  /** A subscription set to cancel at its period's end reaches that end. */
  endPeriod(subscriptionId: string): Stripe.Subscription;

  setWebhookUrl(url: string | undefined): void;
  /** Sends one event (again); the receiver's answers, in the order they came. */
  deliver(eventId: string, options?: FakeDeliverOptions): Promise<FakeWebhookDelivery[]>;
  /** Sends, one after another, every event not yet answered with a 2xx. */
  deliverAll(): Promise<FakeWebhookDelivery[]>;

  /** The next `times` matching requests (forever when omitted) meet `fault`. */
  fail(endpoint: FakeStripeEndpoint, fault: FakeStripeFault, times?: number): void;
  /** Removes every pending fault. */
  heal(): void;
  /** Forgets recorded requests and call counts, not objects or events. */
  resetCalls(): void;
  close(): Promise<void>;
}

interface PendingFault {
  endpoint: FakeStripeEndpoint;
  fault: FakeStripeFault;
  remaining: number;
}

interface RequestContext {
  method: string;
  path: string;
  route: string;
  params: FormObject;
  id: string;
  /** The route's `:id` and `:action`. */
  args: string[];
  idempotencyKey: string | undefined;
}

type Answer = [status: number, body: unknown];

interface Route {
  method: string;
  name: string;
  pattern: RegExp;
  /** Parameters the endpoint takes; anything else is refused, as the API refuses unknown parameters. */
  accepts: readonly string[];
  answer: (context: RequestContext) => Answer;
}

interface SavedAnswer {
  method: string;
  path: string;
  rawBody: string;
  status: number;
  text: string;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.error.message);
  }
}

const PERIOD_SECONDS = 30 * 24 * 60 * 60;
const RETRY_AFTER_FAILED_RENEWAL_SECONDS = 3 * 24 * 60 * 60;
const PENDING_UPDATE_SECONDS = 23 * 60 * 60;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** Stripe's own test payment methods, usable without creating them first. */
const TEST_PAYMENT_METHODS: Record<string, FakeCardBehaviour> = {
  pm_card_visa: "succeeds",
  pm_card_mastercard: "succeeds",
  pm_card_chargeDeclined: "declines",
  pm_card_visa_chargeDeclined: "declines",
  pm_card_chargeDeclinedInsufficientFunds: "insufficient_funds",
  pm_card_authenticationRequired: "requires_action",
};

/**
 * A local stand-in for the Stripe API (node:http on 127.0.0.1, a free port) that keeps state: customers,
 * products and prices, subscriptions with their invoices and payment intents, saved cards. The official
 * `stripe` SDK pointed at it takes the code path production takes. The test plays the browser and Stripe
 * itself (a card entered, a period that ends, a renewal that fails), sends the events as signed webhooks
 * when it chooses, and can make requests fail.
 */
export async function startFakeStripeApi(options: FakeStripeOptions = {}): Promise<FakeStripeApi> {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const publishableKey = options.publishableKey ?? "pk_test_fake";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_0123456789abcdef";
  let webhookUrl = options.webhookUrl;
  const store = new Map<string, StoredObject>();
  /** Customers deleted through the API: Stripe still answers a stub for them, marked deleted. */
  const deletedCustomers = new Set<string>();
  const cardBehaviours = new Map<string, FakeCardBehaviour>();
  const invoiceOfPaymentIntent = new Map<string, string>();
  const portalSessions = new Map<string, StoredObject>();
  const requests: FakeStripeRequest[] = [];
  const calls: Record<string, number> = {};
  const events: Stripe.Event[] = [];
  const delivered = new Set<string>();
  const deliveries: FakeWebhookDelivery[] = [];
  const idempotent = new Map<string, SavedAnswer>();
  let faults: PendingFault[] = [];
  let autoDelivery: Promise<unknown> = Promise.resolve();
  let baseUrl = "";

  // ---- objects ------------------------------------------------------------------------------------------

  function find<T extends StoredObject>(object: T["object"], id: string | null | undefined): T | undefined {
    const found = id ? store.get(id) : undefined;
    return found?.object === object ? (found as T) : undefined;
  }

  function need<T extends StoredObject>(
    object: T["object"],
    id: string,
    kind: string,
    where: { status: number; param?: string } = { status: 404 },
  ): T {
    const found = find<T>(object, id);
    if (!found) throw new StripeFailure(where.status, noSuch(kind, id, where.param));
    return found;
  }

  function save<T extends StoredObject>(object: T): T {
    store.set(object.id, object);
    return object;
  }

  /** Stripe's JSON for an object: references expanded where `expand` asks, includable fields only then. */
  function render(value: unknown, paths: string[][] = []): unknown {
    if (Array.isArray(value)) return value.map((item) => render(item, paths));
    if (value === null || typeof value !== "object") return value;
    const source = value as Record<string, unknown>;
    const includable = INCLUDABLE[String(source.object)] ?? [];
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(source)) {
      const requested = paths.some((path) => path[0] === key);
      if (includable.includes(key) && !requested) continue;
      const deeper = paths.filter((path) => path[0] === key && path.length > 1).map((path) => path.slice(1));
      let shown = field;
      // A subscription item always carries its whole price, and the legacy plan beside it.
      if (source.object === "subscription_item" && key === "price") shown = store.get(String(field));
      else if (requested && typeof field === "string" && store.has(field)) shown = store.get(field);
      out[key] = render(shown, deeper);
      if (source.object === "subscription_item" && key === "price") out.plan = planOf(String(field));
    }
    return out;
  }

  function planOf(priceId: string) {
    const price = find<StoredPrice>("price", priceId);
    if (!price) return null;
    return {
      id: price.id,
      object: "plan",
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: String(price.unit_amount),
      billing_scheme: "per_unit",
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval ?? "month",
      interval_count: price.recurring?.interval_count ?? 1,
      livemode: false,
      metadata: price.metadata,
      meter: null,
      nickname: null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: "licensed",
    };
  }

  const snapshot = <T>(object: StoredObject) => structuredClone(render(object)) as T;

  function emit(type: string, object: StoredObject, previousAttributes?: Record<string, unknown>): void {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: FAKE_STRIPE_API_VERSION,
      created: now(),
      data: {
        object: snapshot(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    events.push(event);
    if (options.autoDeliver && webhookUrl) {
      autoDelivery = autoDelivery.then(() => deliverOnce(event, "valid")).catch(() => undefined);
    }
  }

  /** Runs `change`, then says what it changed in one `customer.subscription.updated`. */
  function updating(subscription: StoredSubscription | undefined, change: () => void): void {
    if (!subscription) {
      change();
      return;
    }
    const before = snapshot<Record<string, unknown>>(subscription);
    change();
    const after = snapshot<Record<string, unknown>>(subscription);
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(after)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
    }
    if (Object.keys(previous).length > 0) emit("customer.subscription.updated", subscription, previous);
  }

  const subscriptionOfInvoice = (invoice: StoredInvoice) =>
    find<StoredSubscription>("subscription", invoice.parent.subscription_details.subscription);

  const currentItem = (subscription: StoredSubscription) => {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
    return item;
  };

  function savedCardOf(subscription: StoredSubscription): StoredPaymentMethod | undefined {
    const customer = find<StoredCustomer>("customer", subscription.customer);
    return (
      find<StoredPaymentMethod>("payment_method", subscription.default_payment_method) ??
      find<StoredPaymentMethod>("payment_method", customer?.invoice_settings.default_payment_method)
    );
  }

  function newPaymentMethod(behaviour: FakeCardBehaviour, customer: string | null): StoredPaymentMethod {
    const method = save(paymentMethodObject(behaviour, customer));
    cardBehaviours.set(method.id, behaviour);
    if (customer) emit("payment_method.attached", method);
    return method;
  }

  /** A payment intent and the open invoice it pays, for a subscription's lines. */
  function bill(
    subscription: StoredSubscription,
    reason: InvoiceBillingReason,
    lines: { price: StoredPrice; amount: number; description: string }[],
    invoicePeriod: { start: number; end: number },
  ): { invoice: StoredInvoice; intent: StoredPaymentIntent } {
    const customer = need<StoredCustomer>("customer", subscription.customer, "customer");
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const item = currentItem(subscription);
    const linePeriod = { start: item.current_period_start, end: item.current_period_end };
    const intent = save(
      paymentIntentObject({
        amount,
        currency: lines[0]?.price.currency ?? "usd",
        customer: customer.id,
        captureMethod: "automatic",
        metadata: {},
        description:
          reason === "subscription_create"
            ? "Subscription creation"
            : reason === "subscription_update"
              ? "Subscription update"
              : "Subscription cycle",
        setupFutureUsage:
          subscription.payment_settings.save_default_payment_method === "on_subscription"
            ? "off_session"
            : null,
      }),
    );
    const invoice = save(
      invoiceObject({
        customer,
        subscription,
        billingReason: reason,
        lines: lines.map((line) => ({ ...line, period: linePeriod })),
        paymentIntent: intent,
        period: invoicePeriod,
      }),
    );
    intent.metadata = { ...subscription.metadata, invoice: invoice.id };
    invoiceOfPaymentIntent.set(intent.id, invoice.id);
    subscription.latest_invoice = invoice.id;
    emit("invoice.created", invoice);
    emit("invoice.finalized", invoice);
    emit("payment_intent.created", intent);
    return { invoice, intent };
  }

  /** A charge of `method` for the intent: it succeeds, is declined or asks the customer to authenticate. */
  function charge(
    intent: StoredPaymentIntent,
    method: StoredPaymentMethod | undefined,
    behaviour: FakeCardBehaviour,
    declineCode?: "authentication_required",
  ): void {
    intent.payment_method = method?.id ?? null;
    intent.next_action = null;
    if (behaviour === "succeeds") {
      intent.last_payment_error = null;
      intent.latest_charge = newId("ch");
      if (intent.capture_method === "manual") {
        intent.status = "requires_capture";
        intent.amount_capturable = intent.amount;
        emit("payment_intent.amount_capturable_updated", intent);
      } else {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        emit("payment_intent.succeeded", intent);
      }
    } else if (behaviour === "requires_action" && declineCode === undefined) {
      intent.status = "requires_action";
      intent.next_action = {
        type: "use_stripe_sdk",
        use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `${baseUrl}/3ds/${intent.id}` },
      };
      emit("payment_intent.requires_action", intent);
    } else {
      intent.status = "requires_payment_method";
      intent.payment_method = null;
      intent.latest_charge = newId("ch");
      intent.last_payment_error =
        behaviour === "requires_action"
          ? {
              type: "card_error",
              code: "authentication_required",
              decline_code: "authentication_required",
              message: "Your card was declined. This transaction requires authentication.",
              doc_url: "https://stripe.com/docs/error-codes/authentication-required",
              ...(method ? { payment_method: method } : {}),
            }
          : declineOf(behaviour === "insufficient_funds" ? "insufficient_funds" : "declines", method);
      emit("payment_intent.payment_failed", intent);
    }
    const invoice = find<StoredInvoice>("invoice", invoiceOfPaymentIntent.get(intent.id));
    if (invoice) settleInvoice(invoice, intent);
  }

  /** What a payment attempt does to its invoice and, through it, to the subscription. */
  function settleInvoice(invoice: StoredInvoice, intent: StoredPaymentIntent): void {
    const subscription = subscriptionOfInvoice(invoice);
    if (intent.status === "requires_action") {
      emit("invoice.payment_action_required", invoice);
      return;
    }
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (intent.status !== "succeeded") {
      invoice.next_payment_attempt =
        invoice.billing_reason === "subscription_cycle" ? now() + RETRY_AFTER_FAILED_RENEWAL_SECONDS : null;
      emit("invoice.payment_failed", invoice);
      if (subscription?.status === "active" && invoice.billing_reason === "subscription_cycle") {
        subscription.status = "past_due";
      }
      return;
    }
    const paidAt = now();
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = paidAt;
    for (const payment of invoice.payments.data) {
      if (payment.payment.payment_intent !== intent.id) continue;
      payment.status = "paid";
      payment.amount_paid = intent.amount_received;
      payment.status_transitions.paid_at = paidAt;
    }
    emit("invoice.paid", invoice);
    emit("invoice.payment_succeeded", invoice);
    if (!subscription || subscription.status === "canceled") return;
    const saveCard = subscription.payment_settings.save_default_payment_method === "on_subscription";
    if (saveCard && intent.payment_method) subscription.default_payment_method = intent.payment_method;
    if (invoice.billing_reason === "subscription_update" && subscription.pending_update) {
      const pending = subscription.pending_update;
      subscription.items.data = pending.subscription_items;
      if (pending.metadata) subscription.metadata = mergeMetadata(subscription.metadata, pending.metadata);
      subscription.pending_update = null;
    }
    if (["incomplete", "past_due", "unpaid"].includes(subscription.status)) subscription.status = "active";
  }

  function cancelNow(subscription: StoredSubscription, reason: string, endedAt = now()): void {
    const wasIncomplete = subscription.status === "incomplete";
    subscription.status = "canceled";
    subscription.canceled_at ??= now();
    subscription.ended_at = endedAt;
    subscription.cancellation_details.reason = reason;
    subscription.pending_update = null;
    if (wasIncomplete) {
      const invoice = find<StoredInvoice>("invoice", subscription.latest_invoice);
      if (invoice?.status === "open") {
        invoice.status = "void";
        invoice.amount_remaining = 0;
        invoice.status_transitions.voided_at = now();
        for (const payment of invoice.payments.data) {
          payment.status = "canceled";
          payment.status_transitions.canceled_at = now();
          const intent = find<StoredPaymentIntent>("payment_intent", payment.payment.payment_intent);
          if (intent && intent.status !== "succeeded" && intent.status !== "canceled") {
            intent.status = "canceled";
            intent.canceled_at = now();
            intent.cancellation_reason = "void_invoice";
            emit("payment_intent.canceled", intent);
          }
        }
        emit("invoice.voided", invoice);
      }
    }
    emit("customer.subscription.deleted", subscription);
  }

  // ---- faults -------------------------------------------------------------------------------------------

  function matches(endpoint: FakeStripeEndpoint, method: string, path: string, route: string): boolean {
    if (endpoint === "any") return true;
    const request = `${method} ${path}`;
    if (endpoint instanceof RegExp) return endpoint.test(request);
    const routePath = route.slice(route.indexOf(" ") + 1);
    return endpoint === route || endpoint === request || endpoint === routePath || endpoint === path;
  }

  function takeFault(
    method: string,
    path: string,
    route: string,
    wanted: (fault: FakeStripeFault) => boolean,
  ): FakeStripeFault | undefined {
    const pending = faults.find((f) => wanted(f.fault) && matches(f.endpoint, method, path, route));
    if (!pending) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) faults = faults.filter((f) => f !== pending);
    return pending.fault;
  }

  /** How a card behaves on a charge a request makes, a pending `cardDeclined` fault taking precedence. */
  function behaviourFor(method: StoredPaymentMethod, context: RequestContext): FakeCardBehaviour {
    const fault = takeFault(context.method, context.path, context.route, (f) => f.kind === "cardDeclined");
    if (fault?.kind === "cardDeclined") {
      return fault.declineCode === "insufficient_funds" ? "insufficient_funds" : "declines";
    }
    return cardBehaviours.get(method.id) ?? "succeeds";
  }

  // ---- endpoints ----------------------------------------------------------------------------------------

  function createCustomer({ params }: RequestContext): Answer {
    const customer = save(
      customerObject({
        email: optionalString(params, "email"),
        name: optionalString(params, "name"),
        description: optionalString(params, "description"),
        metadata: metadataOf(params),
      }),
    );
    emit("customer.created", customer);
    return [200, render(customer, expandsOf(params))];
  }

  /**
   * Stripe's customer deletion: it cannot be undone, its live subscriptions are canceled at once and its
   * cards detached; retrieving it afterwards answers a stub marked deleted, and anything else "No such
   * customer".
   */
  function deleteCustomer({ args }: RequestContext): Answer {
    const customer = need<StoredCustomer>("customer", args[0] ?? "", "customer");
    for (const subscription of objectsOf<StoredSubscription>("subscription")) {
      if (subscription.customer === customer.id && subscription.status !== "canceled") {
        cancelNow(subscription, "cancellation_requested");
      }
    }
    for (const method of objectsOf<StoredPaymentMethod>("payment_method")) {
      if (method.customer === customer.id) method.customer = null;
    }
    store.delete(customer.id);
    deletedCustomers.add(customer.id);
    emit("customer.deleted", customer);
    return [200, { id: customer.id, object: "customer", deleted: true }];
  }

  function retrieveCustomer(context: RequestContext): Answer {
    const id = context.args[0] ?? "";
    if (deletedCustomers.has(id)) return [200, { id, object: "customer", deleted: true }];
    return retrieve("customer", "customer")(context);
  }

  function updateCustomer({ params, args }: RequestContext): Answer {
    const customer = need<StoredCustomer>("customer", args[0] ?? "", "customer");
    const before = snapshot<Record<string, unknown>>(customer);
    if (params.email !== undefined) customer.email = optionalString(params, "email");
    if (params.name !== undefined) customer.name = optionalString(params, "name");
    if (params.metadata !== undefined) {
      customer.metadata = params.metadata === "" ? {} : mergeMetadata(customer.metadata, metadataOf(params));
    }
    const settings = params.invoice_settings;
    if (settings !== undefined && typeof settings === "object" && !Array.isArray(settings)) {
      const method = settings.default_payment_method;
      if (typeof method === "string") {
        if (method === "") customer.invoice_settings.default_payment_method = null;
        else {
          const found = need<StoredPaymentMethod>("payment_method", method, "PaymentMethod", {
            status: 400,
            param: "invoice_settings[default_payment_method]",
          });
          if (found.customer !== customer.id) {
            throw new StripeFailure(
              400,
              invalidRequest(
                `The customer does not have a payment method with the ID ${method}. The payment method must be attached to the customer.`,
                { code: "resource_missing", param: "invoice_settings[default_payment_method]" },
              ),
            );
          }
          customer.invoice_settings.default_payment_method = method;
        }
      }
    }
    const after = snapshot<Record<string, unknown>>(customer);
    const previous = Object.fromEntries(
      Object.keys(after)
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        .map((key) => [key, before[key] ?? null]),
    );
    if (Object.keys(previous).length > 0) emit("customer.updated", customer, previous);
    return [200, render(customer, expandsOf(params))];
  }

  function listCustomers({ params, path }: RequestContext): Answer {
    const email = optionalString(params, "email");
    const found = objectsOf<StoredCustomer>("customer").filter(
      (customer) => email === null || customer.email === email,
    );
    return [200, listOfObjects(found, params, path)];
  }

  function searchCustomers({ params, path }: RequestContext): Answer {
    const query = requiredString(params, "query");
    const clauses = query.split(/\s+AND\s+/i).map((clause) => {
      const match = /^\s*(\w+)(?:\[['"]([^'"]+)['"]\])?\s*:\s*['"]([^'"]*)['"]\s*$/.exec(clause);
      if (!match) {
        throw new StripeFailure(400, invalidRequest(`Invalid search query: ${query}`, { param: "query" }));
      }
      return { field: match[1] ?? "", key: match[2], value: match[3] ?? "" };
    });
    const found = objectsOf<StoredCustomer>("customer").filter((customer) =>
      clauses.every(({ field, key, value }) => {
        if (field === "metadata" && key !== undefined) return customer.metadata[key] === value;
        if (field === "email") return customer.email === value;
        if (field === "name") return customer.name === value;
        return false;
      }),
    );
    const limit = limitOf(params);
    return [
      200,
      {
        object: "search_result",
        data: found.slice(0, limit).map((customer) => render(customer, dataExpands(params))),
        has_more: found.length > limit,
        next_page: null,
        url: path,
      },
    ];
  }

  function createProduct({ params }: RequestContext): Answer {
    const id = optionalString(params, "id") ?? undefined;
    if (id !== undefined && store.has(id)) {
      throw new StripeFailure(
        400,
        invalidRequest(`Product already exists.`, { code: "resource_already_exists", param: "id" }),
      );
    }
    const product = save(
      productObject({
        id,
        name: requiredString(params, "name"),
        description: optionalString(params, "description"),
        metadata: metadataOf(params),
      }),
    );
    emit("product.created", product);
    return [200, render(product, expandsOf(params))];
  }

  function createPrice({ params }: RequestContext): Answer {
    let productId = optionalString(params, "product");
    const productData = params.product_data;
    if (productId === null && productData && typeof productData === "object" && !Array.isArray(productData)) {
      const product = save(
        productObject({
          id: undefined,
          name: requiredString(productData, "name", "product_data[name]"),
          description: null,
          metadata: metadataOf(productData),
        }),
      );
      emit("product.created", product);
      productId = product.id;
    }
    if (productId === null) {
      throw new StripeFailure(400, invalidRequest("Missing required param: product.", { param: "product" }));
    }
    need<StoredProduct>("product", productId, "product", { status: 400, param: "product" });
    const recurring = params.recurring;
    let interval: { interval: string; intervalCount: number } | null = null;
    if (recurring && typeof recurring === "object" && !Array.isArray(recurring)) {
      const value = requiredString(recurring, "interval", "recurring[interval]");
      if (!["day", "week", "month", "year"].includes(value)) {
        throw new StripeFailure(
          400,
          invalidRequest(`Invalid recurring[interval]: must be one of day, week, month, or year`, {
            param: "recurring[interval]",
          }),
        );
      }
      const count = recurring.interval_count === undefined ? 1 : integerOf(recurring, "interval_count");
      interval = { interval: value, intervalCount: count };
    }
    const lookupKey = optionalString(params, "lookup_key");
    if (lookupKey !== null) {
      const holder = objectsOf<StoredPrice>("price").find((price) => price.lookup_key === lookupKey);
      const transfer = params.transfer_lookup_key !== undefined && booleanOf(params, "transfer_lookup_key");
      if (holder && !transfer) {
        throw new StripeFailure(
          400,
          invalidRequest(
            `A price (\`${holder.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it.`,
            { param: "lookup_key" },
          ),
        );
      }
      if (holder) holder.lookup_key = null;
    }
    const price = save(
      priceObject({
        product: productId,
        unitAmount: integerOf(params, "unit_amount"),
        currency: requiredString(params, "currency").toLowerCase(),
        recurring: interval,
        lookupKey,
        nickname: optionalString(params, "nickname"),
        metadata: metadataOf(params),
      }),
    );
    emit("price.created", price);
    return [200, render(price, expandsOf(params))];
  }

  function listPrices({ params, path }: RequestContext): Answer {
    const lookupKeys = listOf(params.lookup_keys).map(String);
    if (lookupKeys.length > 10) {
      throw new StripeFailure(
        400,
        invalidRequest("lookup_keys may have at most 10 keys.", { param: "lookup_keys" }),
      );
    }
    const active = params.active === undefined ? undefined : booleanOf(params, "active");
    const product = optionalString(params, "product");
    const type = optionalString(params, "type");
    const found = objectsOf<StoredPrice>("price").filter(
      (price) =>
        (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active) &&
        (product === null || price.product === product) &&
        (type === null || price.type === type),
    );
    return [200, listOfObjects(found, params, path)];
  }

  function createSubscription(context: RequestContext): Answer {
    const { params } = context;
    const customer = need<StoredCustomer>("customer", requiredString(params, "customer"), "customer", {
      status: 400,
      param: "customer",
    });
    const items = listOf(params.items);
    if (items.length === 0) {
      throw new StripeFailure(400, invalidRequest("Missing required param: items.", { param: "items" }));
    }
    const prices = items.map((item, index) => {
      const id = typeof item === "object" && !Array.isArray(item) ? item.price : undefined;
      if (typeof id !== "string") {
        throw new StripeFailure(
          400,
          invalidRequest(`Missing required param: items[${index}][price].`, {
            param: `items[${index}][price]`,
          }),
        );
      }
      const price = need<StoredPrice>("price", id, "price", { status: 400, param: `items[${index}][price]` });
      if (!price.recurring) {
        throw new StripeFailure(
          400,
          invalidRequest(
            `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
            { param: `items[${index}][price]` },
          ),
        );
      }
      return price;
    });
    const behaviour = optionalString(params, "payment_behavior") ?? "allow_incomplete";
    if (!["allow_incomplete", "default_incomplete", "error_if_incomplete"].includes(behaviour)) {
      throw new StripeFailure(
        400,
        invalidRequest(`Invalid payment_behavior: ${behaviour}`, { param: "payment_behavior" }),
      );
    }
    const settings = params.payment_settings;
    const saveDefault =
      settings && typeof settings === "object" && !Array.isArray(settings)
        ? (optionalString(settings, "save_default_payment_method") ?? "off")
        : "off";
    const defaultMethodId = optionalString(params, "default_payment_method");
    if (defaultMethodId !== null) {
      need<StoredPaymentMethod>("payment_method", defaultMethodId, "PaymentMethod", {
        status: 400,
        param: "default_payment_method",
      });
    }
    const card =
      find<StoredPaymentMethod>("payment_method", defaultMethodId) ??
      find<StoredPaymentMethod>("payment_method", customer.invoice_settings.default_payment_method);
    if (behaviour !== "default_incomplete" && !card) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
          { code: "resource_missing" },
        ),
      );
    }
    const start = now();
    const subscription = save(
      subscriptionObject({
        customer: customer.id,
        prices: prices.map((price) => price.id),
        period: { start, end: start + PERIOD_SECONDS },
        currency: prices[0]?.currency ?? "usd",
        defaultPaymentMethod: defaultMethodId,
        saveDefaultPaymentMethod: saveDefault,
        metadata: metadataOf(params),
        description: optionalString(params, "description"),
      }),
    );
    emit("customer.subscription.created", subscription);
    const { intent } = bill(
      subscription,
      "subscription_create",
      prices.map((price) => ({ price, amount: price.unit_amount, description: `1 × ${price.id}` })),
      { start, end: start },
    );
    if (behaviour !== "default_incomplete" && card) {
      updating(subscription, () => charge(intent, card, behaviourFor(card, context)));
      if (intent.status !== "succeeded" && behaviour === "error_if_incomplete") {
        throw cardFailure(intent);
      }
    }
    return [200, render(subscription, expandsOf(params))];
  }

  function listSubscriptions({ params, path }: RequestContext): Answer {
    const customer = optionalString(params, "customer");
    const status = optionalString(params, "status");
    const price = optionalString(params, "price");
    const found = objectsOf<StoredSubscription>("subscription").filter(
      (subscription) =>
        (customer === null || subscription.customer === customer) &&
        (price === null || subscription.items.data.some((item) => item.price === price)) &&
        // Without a status, the API leaves canceled subscriptions out.
        (status === "all" ||
          (status === null ? subscription.status !== "canceled" : subscription.status === status)),
    );
    return [200, listOfObjects(found, params, path)];
  }

  function updateSubscription(context: RequestContext): Answer {
    const { params, args } = context;
    const subscription = need<StoredSubscription>("subscription", args[0] ?? "", "subscription");
    if (subscription.status === "canceled") {
      const other = Object.keys(params).filter(
        (key) => !["metadata", "cancellation_details", "expand"].includes(key),
      );
      if (other.length > 0) {
        throw new StripeFailure(
          400,
          invalidRequest("A canceled subscription can only update its cancellation_details and metadata."),
        );
      }
    }
    const items = listOf(params.items);
    const wanted = items[0];
    const proration = optionalString(params, "proration_behavior") ?? "create_prorations";
    const behaviour = optionalString(params, "payment_behavior") ?? "allow_incomplete";
    let newPrice: StoredPrice | undefined;
    let item: StoredSubscriptionItem | undefined;
    if (wanted !== undefined && typeof wanted === "object" && !Array.isArray(wanted)) {
      const itemId = optionalString(wanted, "id");
      item =
        itemId === null ? undefined : subscription.items.data.find((candidate) => candidate.id === itemId);
      if (!item) {
        throw new StripeFailure(
          400,
          invalidRequest(
            itemId === null
              ? "Adding items to a subscription is not supported by this fake; pass items[0][id]."
              : `No such subscription item: '${itemId}'`,
            { param: "items[0][id]", ...(itemId === null ? {} : { code: "resource_missing" }) },
          ),
        );
      }
      const priceId = optionalString(wanted, "price");
      if (priceId !== null) {
        newPrice = need<StoredPrice>("price", priceId, "price", { status: 400, param: "items[0][price]" });
        if (newPrice.id === item.price) newPrice = undefined;
      }
    }
    if (subscription.pending_update && newPrice) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "This subscription has a pending update. Pay its latest invoice or let the update expire before updating it again.",
        ),
      );
    }
    const metadata = params.metadata === undefined ? undefined : metadataOf(params);
    const pendingSwitch =
      newPrice !== undefined && item !== undefined && behaviour === "pending_if_incomplete";
    const defaultMethod = optionalString(params, "default_payment_method");
    if (defaultMethod !== null) {
      need<StoredPaymentMethod>("payment_method", defaultMethod, "PaymentMethod", {
        status: 400,
        param: "default_payment_method",
      });
    }
    const oldPrice = item ? need<StoredPrice>("price", item.price, "price") : undefined;
    let invoiceToCharge: StoredPaymentIntent | undefined;
    updating(subscription, () => {
      if (params.cancel_at_period_end !== undefined) {
        const cancel = booleanOf(params, "cancel_at_period_end");
        subscription.cancel_at_period_end = cancel;
        subscription.cancel_at = cancel ? currentItem(subscription).current_period_end : null;
        subscription.canceled_at = cancel ? now() : null;
        subscription.cancellation_details.reason = cancel ? "cancellation_requested" : null;
      }
      if (defaultMethod !== null) subscription.default_payment_method = defaultMethod;
      if (metadata !== undefined && !pendingSwitch) {
        subscription.metadata = params.metadata === "" ? {} : mergeMetadata(subscription.metadata, metadata);
      }
      if (!newPrice || !item || !oldPrice) return;
      const remaining = Math.min(
        1,
        Math.max(
          0,
          (item.current_period_end - now()) / (item.current_period_end - item.current_period_start),
        ),
      );
      const amount = Math.max(0, Math.round((newPrice.unit_amount - oldPrice.unit_amount) * remaining));
      if (proration !== "always_invoice" || amount === 0) {
        item.price = newPrice.id;
        return;
      }
      if (pendingSwitch) {
        subscription.pending_update = {
          billing_cycle_anchor: null,
          expires_at: now() + PENDING_UPDATE_SECONDS,
          metadata: metadata ?? null,
          subscription_items: [{ ...structuredClone(item), price: newPrice.id }],
          trial_end: null,
          trial_from_plan: null,
        };
      } else {
        item.price = newPrice.id;
      }
      const { intent } = bill(
        subscription,
        "subscription_update",
        [{ price: newPrice, amount, description: `Remaining time on 1 × ${newPrice.id}` }],
        { start: now(), end: now() },
      );
      if (!pendingSwitch) invoiceToCharge = intent;
    });
    const card = savedCardOf(subscription);
    if (invoiceToCharge && card) {
      const intent = invoiceToCharge;
      updating(subscription, () => charge(intent, card, behaviourFor(card, context)));
    }
    return [200, render(subscription, expandsOf(params))];
  }

  function cancelSubscription({ params, args }: RequestContext): Answer {
    const subscription = need<StoredSubscription>("subscription", args[0] ?? "", "subscription");
    if (subscription.status === "canceled") {
      throw new StripeFailure(
        400,
        invalidRequest(`This subscription has already been canceled.`, { code: "resource_missing" }),
      );
    }
    cancelNow(subscription, "cancellation_requested");
    return [200, render(subscription, expandsOf(params))];
  }

  function createPaymentIntent(context: RequestContext): Answer {
    const { params } = context;
    const amount = integerOf(params, "amount");
    const currency = requiredString(params, "currency").toLowerCase();
    if (currency === "usd" && amount < 50) {
      throw new StripeFailure(
        400,
        invalidRequest("Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" }),
      );
    }
    const customerId = optionalString(params, "customer");
    const customer =
      customerId === null
        ? undefined
        : need<StoredCustomer>("customer", customerId, "customer", { status: 400, param: "customer" });
    const captureMethod = optionalString(params, "capture_method") ?? "automatic_async";
    if (!["automatic", "automatic_async", "manual"].includes(captureMethod)) {
      throw new StripeFailure(
        400,
        invalidRequest(`Invalid capture_method: ${captureMethod}`, { param: "capture_method" }),
      );
    }
    const methodId = optionalString(params, "payment_method");
    let method: StoredPaymentMethod | undefined;
    if (methodId !== null) {
      const testCard = TEST_PAYMENT_METHODS[methodId];
      method = testCard
        ? newPaymentMethod(testCard, null)
        : need<StoredPaymentMethod>("payment_method", methodId, "PaymentMethod", {
            status: 400,
            param: "payment_method",
          });
      if (method.customer !== null && method.customer !== customerId) {
        throw new StripeFailure(
          400,
          invalidRequest(
            `The provided PaymentMethod belongs to another Customer. Pass that Customer, or another PaymentMethod.`,
            { param: "payment_method" },
          ),
        );
      }
    }
    const confirm = params.confirm !== undefined && booleanOf(params, "confirm");
    method ??= confirm
      ? find<StoredPaymentMethod>("payment_method", customer?.invoice_settings.default_payment_method)
      : undefined;
    if (confirm && !method) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method attached to the customer along with the customer ID.",
          { code: "payment_intent_unexpected_state" },
        ),
      );
    }
    const intent = save(
      paymentIntentObject({
        amount,
        currency,
        customer: customer?.id ?? null,
        captureMethod,
        metadata: metadataOf(params),
        description: optionalString(params, "description"),
        setupFutureUsage: optionalString(params, "setup_future_usage"),
      }),
    );
    intent.payment_method = method?.id ?? null;
    if (method && !confirm) intent.status = "requires_confirmation";
    emit("payment_intent.created", intent);
    if (confirm && method) {
      const offSession = params.off_session !== undefined && booleanOf(params, "off_session");
      const behaviour = behaviourFor(method, context);
      charge(
        intent,
        method,
        behaviour,
        offSession && behaviour === "requires_action" ? "authentication_required" : undefined,
      );
      if (intent.status === "requires_payment_method") throw cardFailure(intent);
    }
    return [200, render(intent, expandsOf(params))];
  }

  function capturePaymentIntent({ params, args }: RequestContext): Answer {
    const intent = need<StoredPaymentIntent>("payment_intent", args[0] ?? "", "payment_intent");
    if (intent.status !== "requires_capture") {
      throw new StripeFailure(
        400,
        invalidRequest(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          { code: "payment_intent_unexpected_state" },
        ),
      );
    }
    const amount =
      params.amount_to_capture === undefined
        ? intent.amount_capturable
        : integerOf(params, "amount_to_capture");
    if (amount > intent.amount_capturable) {
      throw new StripeFailure(
        400,
        invalidRequest("The amount to capture is greater than the amount capturable.", {
          code: "amount_too_large",
          param: "amount_to_capture",
        }),
      );
    }
    intent.status = "succeeded";
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    emit("payment_intent.succeeded", intent);
    return [200, render(intent, expandsOf(params))];
  }

  function cancelPaymentIntent({ params, args }: RequestContext): Answer {
    const intent = need<StoredPaymentIntent>("payment_intent", args[0] ?? "", "payment_intent");
    const cancellable = [
      "requires_payment_method",
      "requires_capture",
      "requires_confirmation",
      "requires_action",
      "processing",
    ];
    if (!cancellable.includes(intent.status)) {
      throw new StripeFailure(
        400,
        invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(", ")}.`,
          { code: "payment_intent_unexpected_state" },
        ),
      );
    }
    intent.status = "canceled";
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason = optionalString(params, "cancellation_reason");
    emit("payment_intent.canceled", intent);
    return [200, render(intent, expandsOf(params))];
  }

  function createPortalSession({ params }: RequestContext): Answer {
    const customer = need<StoredCustomer>("customer", requiredString(params, "customer"), "customer", {
      status: 400,
      param: "customer",
    });
    const session = portalSessionObject(customer.id, optionalString(params, "return_url"), baseUrl);
    portalSessions.set(session.id, session);
    return [200, session];
  }

  const retrieve =
    (object: string, kind: string) =>
    ({ params, args }: RequestContext): Answer => [
      200,
      render(need(object, args[0] ?? "", kind), expandsOf(params)),
    ];

  const ID = "([A-Za-z0-9_]+)";
  const LIST = ["limit", "starting_after", "ending_before", "expand", "created"];
  const routes: Route[] = [
    route(
      "POST",
      "/v1/customers",
      ["email", "name", "description", "metadata", "phone", "expand"],
      createCustomer,
    ),
    route("GET", "/v1/customers", [...LIST, "email"], listCustomers),
    route("GET", "/v1/customers/search", ["query", "limit", "page", "expand"], searchCustomers),
    route("GET", `/v1/customers/${ID}`, ["expand"], retrieveCustomer),
    route("DELETE", `/v1/customers/${ID}`, [], deleteCustomer),
    route(
      "POST",
      `/v1/customers/${ID}`,
      ["email", "name", "description", "metadata", "invoice_settings", "expand"],
      updateCustomer,
    ),
    route(
      "POST",
      "/v1/products",
      ["id", "name", "description", "metadata", "active", "expand"],
      createProduct,
    ),
    route("GET", "/v1/prices", [...LIST, "lookup_keys", "active", "product", "type", "currency"], listPrices),
    route(
      "POST",
      "/v1/prices",
      [
        "product",
        "product_data",
        "unit_amount",
        "currency",
        "recurring",
        "lookup_key",
        "transfer_lookup_key",
        "nickname",
        "metadata",
        "active",
        "tax_behavior",
        "expand",
      ],
      createPrice,
    ),
    route(
      "POST",
      "/v1/subscriptions",
      [
        "customer",
        "items",
        "payment_behavior",
        "payment_settings",
        "default_payment_method",
        "metadata",
        "description",
        "off_session",
        "proration_behavior",
        "collection_method",
        "expand",
      ],
      createSubscription,
    ),
    route("GET", "/v1/subscriptions", [...LIST, "customer", "status", "price"], listSubscriptions),
    route("GET", `/v1/subscriptions/${ID}`, ["expand"], retrieve("subscription", "subscription")),
    route(
      "POST",
      `/v1/subscriptions/${ID}`,
      [
        "cancel_at_period_end",
        "items",
        "proration_behavior",
        "payment_behavior",
        "metadata",
        "default_payment_method",
        "description",
        "cancellation_details",
        "off_session",
        "expand",
      ],
      updateSubscription,
    ),
    route(
      "DELETE",
      `/v1/subscriptions/${ID}`,
      ["invoice_now", "prorate", "cancellation_details", "expand"],
      cancelSubscription,
    ),
    route("GET", `/v1/invoices/${ID}`, ["expand"], retrieve("invoice", "invoice")),
    route(
      "POST",
      "/v1/payment_intents",
      [
        "amount",
        "currency",
        "customer",
        "payment_method",
        "payment_method_types",
        "off_session",
        "confirm",
        "capture_method",
        "metadata",
        "description",
        "setup_future_usage",
        "receipt_email",
        "statement_descriptor_suffix",
        "error_on_requires_action",
        "expand",
      ],
      createPaymentIntent,
    ),
    route(
      "GET",
      `/v1/payment_intents/${ID}`,
      ["expand", "client_secret"],
      retrieve("payment_intent", "payment_intent"),
    ),
    route(
      "POST",
      `/v1/payment_intents/${ID}/capture`,
      ["amount_to_capture", "metadata", "expand"],
      capturePaymentIntent,
    ),
    route("POST", `/v1/payment_intents/${ID}/cancel`, ["cancellation_reason", "expand"], cancelPaymentIntent),
    route(
      "POST",
      "/v1/billing_portal/sessions",
      ["customer", "return_url", "configuration", "locale", "flow_data", "on_behalf_of", "expand"],
      createPortalSession,
    ),
  ];

  function objectsOf<T extends StoredObject>(object: T["object"]): T[] {
    // Newest first, as Stripe lists.
    return [...store.values()].filter((candidate): candidate is T => candidate.object === object).reverse();
  }

  function listOfObjects(found: StoredObject[], params: FormObject, path: string) {
    const limit = limitOf(params);
    const after = optionalString(params, "starting_after");
    const start = after === null ? 0 : found.findIndex((candidate) => candidate.id === after) + 1;
    const page = found.slice(start, start + limit);
    return {
      object: "list",
      data: page.map((object) => render(object, dataExpands(params))),
      has_more: start + limit < found.length,
      url: path,
    };
  }

  // ---- HTTP ---------------------------------------------------------------------------------------------

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const rawBody = await readBody(request);
    const method = request.method ?? "GET";
    if (
      method === "GET" &&
      url.pathname.startsWith("/portal/") &&
      portalSessions.has(url.pathname.slice(8))
    ) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end("<!doctype html><title>Billing portal</title><h1>Fake Stripe billing portal</h1>");
      return;
    }
    const params = { ...decodeForm(url.search.slice(1)), ...decodeForm(method === "GET" ? "" : rawBody) };
    const header = request.headers["idempotency-key"];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    const matched = routes
      .filter((candidate) => candidate.method === method)
      .map((candidate) => ({ candidate, match: candidate.pattern.exec(url.pathname) }))
      .find(({ match }) => match !== null);
    const record: FakeStripeRequest = {
      method,
      path: url.pathname,
      route: matched?.candidate.name,
      body: params,
      idempotencyKey,
      status: 0,
    };
    requests.push(record);
    const name = matched?.candidate.name ?? "unknown";
    calls[name] = (calls[name] ?? 0) + 1;
    const reply = (status: number, text: string, headers: Record<string, string> = {}) => {
      record.status = status;
      // A client that gave up on a slow answer has closed the socket; there is nobody left to answer.
      if (response.destroyed) return;
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": newId("req", 14),
        "stripe-version": FAKE_STRIPE_API_VERSION,
        ...headers,
      });
      response.end(text);
    };
    const json = (status: number, body: unknown) => reply(status, JSON.stringify(body, null, 2));

    const authorization = request.headers.authorization ?? "";
    if (authorization !== `Bearer ${secretKey}`) {
      const given = authorization.replace(/^Bearer\s+/i, "");
      const message = given
        ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return json(401, { error: { type: "invalid_request_error", message } });
    }
    if (!matched?.match) {
      return json(
        404,
        invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        ),
      );
    }
    const fault = takeFault(method, url.pathname, name, (f) => f.kind !== "cardDeclined");
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "rateLimited") return json(429, RATE_LIMITED_BODY);
    if (fault?.kind === "serverError") return json(fault.status ?? 500, API_ERROR_BODY);
    if (fault?.kind === "malformed")
      return reply(200, fault.body ?? "<html><body>502 Bad Gateway</body></html>");

    const keyed = idempotencyKey !== undefined && method !== "GET";
    const saved = keyed ? idempotent.get(idempotencyKey) : undefined;
    if (saved) {
      if (saved.method === method && saved.path === url.pathname && saved.rawBody === rawBody) {
        return reply(saved.status, saved.text, { "idempotent-replayed": "true" });
      }
      return json(400, {
        error: {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }

    const { candidate, match } = matched;
    const unknown = Object.keys(params).find((key) => !candidate.accepts.includes(key));
    let status: number;
    let body: unknown;
    if (unknown !== undefined) {
      [status, body] = [
        400,
        invalidRequest(`Received unknown parameter: ${unknown}`, {
          code: "parameter_unknown",
          param: unknown,
        }),
      ];
    } else {
      try {
        [status, body] = candidate.answer({
          method,
          path: url.pathname,
          route: name,
          params,
          id: newId("req", 14),
          args: match.slice(1).map((part) => part ?? ""),
          idempotencyKey,
        });
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        [status, body] = [error.status, error.body];
      }
    }
    const text = JSON.stringify(body, null, 2);
    // As the API does, an answer is kept for its key once the request ran: successes and card declines,
    // not parameters refused before anything happened.
    if (keyed && (status < 300 || status === 402)) {
      idempotent.set(idempotencyKey, { method, path: url.pathname, rawBody, status, text });
    }
    reply(status, text);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return;
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The fake Stripe API has no port");
  baseUrl = `http://127.0.0.1:${address.port}`;

  // ---- webhooks -----------------------------------------------------------------------------------------

  async function deliverOnce(
    event: Stripe.Event,
    signature: NonNullable<FakeDeliverOptions["signature"]>,
  ): Promise<FakeWebhookDelivery> {
    const target = webhookUrl;
    if (!target) throw new Error("No webhook URL: pass webhookUrl or call setWebhookUrl first");
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(Date.now() / 1000) - (signature === "expired" ? 600 : 0);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
    // Same JSON, one byte more: what a body altered on the way looks like to the receiver.
    const sent = signature === "tampered" ? `${payload} ` : payload;
    const delivery: FakeWebhookDelivery = { eventId: event.id, type: event.type, status: 0, body: "" };
    try {
      const answer = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": header,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: sent,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      delivery.status = answer.status;
      delivery.body = await answer.text();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    if (signature === "valid" && delivery.status >= 200 && delivery.status < 300) delivered.add(event.id);
    deliveries.push(delivery);
    return delivery;
  }

  const needEvent = (eventId: string) => {
    const event = events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    return event;
  };

  const needObject = <T extends StoredObject>(object: T["object"], id: string) => {
    const found = find<T>(object, id);
    if (!found) throw new Error(`The fake Stripe has no ${object} ${id}`);
    return found;
  };

  const view = <T>(object: StoredObject | undefined, expand: string[][] = []) =>
    object ? (structuredClone(render(object, expand)) as T) : undefined;

  return {
    host: "127.0.0.1",
    port: address.port,
    protocol: "http",
    url: baseUrl,
    secretKey,
    publishableKey,
    webhookSecret,
    billingSettings: { secretKey, publishableKey, webhookSecret, apiUrl: baseUrl },
    requests,
    calls,
    events,
    deliveries,

    customer: (id) => view(find("customer", id)),
    customerDeleted: (id) => deletedCustomers.has(id),
    price: (id) => view(find("price", id)),
    product: (id) => view(find("product", id)),
    paymentIntent: (id) => view(find("payment_intent", id)),
    paymentMethod: (id) => view(find("payment_method", id)),
    invoice: (id) => view(find("invoice", id), [["confirmation_secret"], ["payments"]]),
    subscription: (id) => view(find("subscription", id)),
    subscriptionsOf: (customerId) =>
      objectsOf<StoredSubscription>("subscription")
        .reverse()
        .filter((subscription) => subscription.customer === customerId)
        .map((subscription) => view<Stripe.Subscription>(subscription) as Stripe.Subscription),

    confirmPaymentIntent(id, card) {
      const intent = needObject<StoredPaymentIntent>("payment_intent", id);
      if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)) {
        throw new Error(`Payment intent ${id} is ${intent.status}; it cannot be confirmed`);
      }
      const invoice = find<StoredInvoice>("invoice", invoiceOfPaymentIntent.get(id));
      const subscription = invoice ? subscriptionOfInvoice(invoice) : undefined;
      const method = newPaymentMethod(card, null);
      if (card === "succeeds" && intent.customer) {
        method.customer = intent.customer;
        emit("payment_method.attached", method);
      }
      updating(subscription, () => charge(intent, method, card));
      return view<Stripe.PaymentIntent>(intent) as Stripe.PaymentIntent;
    },

    addPaymentMethod(customerId, behaviour) {
      const customer = needObject<StoredCustomer>("customer", customerId);
      const method = newPaymentMethod(behaviour, customer.id);
      const previous = { invoice_settings: structuredClone(customer.invoice_settings) };
      customer.invoice_settings.default_payment_method = method.id;
      emit("customer.updated", customer, previous);
      for (const subscription of objectsOf<StoredSubscription>("subscription").reverse()) {
        if (subscription.customer !== customer.id || subscription.status === "canceled") continue;
        updating(subscription, () => {
          subscription.default_payment_method = method.id;
        });
      }
      return method.id;
    },

    advanceToRenewal(subscriptionId, outcome) {
      const subscription = needObject<StoredSubscription>("subscription", subscriptionId);
      if (!["active", "past_due", "trialing"].includes(subscription.status)) {
        throw new Error(`Subscription ${subscriptionId} is ${subscription.status}; it does not renew`);
      }
      if (subscription.cancel_at_period_end) {
        throw new Error(`Subscription ${subscriptionId} cancels at its period's end: use endPeriod`);
      }
      const card = savedCardOf(subscription);
      if (outcome === "paid" && !card) {
        throw new Error(`Subscription ${subscriptionId} has no saved card to pay its renewal with`);
      }
      updating(subscription, () => {
        const item = currentItem(subscription);
        const previous = { start: item.current_period_start, end: item.current_period_end };
        const period = { start: previous.end, end: previous.end + PERIOD_SECONDS };
        for (const each of subscription.items.data) {
          each.current_period_start = period.start;
          each.current_period_end = period.end;
        }
        const lines = subscription.items.data.map((each) => {
          const price = need<StoredPrice>("price", each.price, "price");
          return { price, amount: price.unit_amount, description: `1 × ${price.id}` };
        });
        const { intent } = bill(subscription, "subscription_cycle", lines, previous);
        charge(intent, card, outcome === "paid" ? "succeeds" : "declines");
      });
      return view<Stripe.Subscription>(subscription) as Stripe.Subscription;
    },

    failRenewalFinally(subscriptionId, then = "canceled") {
      const subscription = needObject<StoredSubscription>("subscription", subscriptionId);
      if (subscription.status !== "past_due") {
        throw new Error(`Subscription ${subscriptionId} is ${subscription.status}, not past_due`);
      }
      const invoice = find<StoredInvoice>("invoice", subscription.latest_invoice);
      if (invoice) invoice.next_payment_attempt = null;
      if (then === "unpaid") {
        updating(subscription, () => {
          subscription.status = "unpaid";
        });
      } else {
        cancelNow(subscription, "payment_failed");
      }
      return view<Stripe.Subscription>(subscription) as Stripe.Subscription;
    },

    endPeriod(subscriptionId) {
      const subscription = needObject<StoredSubscription>("subscription", subscriptionId);
      if (!subscription.cancel_at_period_end || subscription.status === "canceled") {
        throw new Error(`Subscription ${subscriptionId} is not set to cancel at its period's end`);
      }
      cancelNow(subscription, "cancellation_requested", currentItem(subscription).current_period_end);
      return view<Stripe.Subscription>(subscription) as Stripe.Subscription;
    },

    setWebhookUrl(url) {
      webhookUrl = url;
    },

    async deliver(eventId, { times = 1, concurrently = false, signature = "valid" } = {}) {
      const event = needEvent(eventId);
      if (concurrently) {
        return Promise.all(Array.from({ length: times }, () => deliverOnce(event, signature)));
      }
      const results: FakeWebhookDelivery[] = [];
      for (let i = 0; i < times; i++) results.push(await deliverOnce(event, signature));
      return results;
    },

    async deliverAll() {
      await autoDelivery;
      const results: FakeWebhookDelivery[] = [];
      for (const event of [...events]) {
        if (!delivered.has(event.id)) results.push(await deliverOnce(event, "valid"));
      }
      return results;
    },

    fail(endpoint, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ endpoint, fault, remaining: times });
    },
    heal() {
      faults = [];
    },
    resetCalls() {
      requests.length = 0;
      for (const key of Object.keys(calls)) delete calls[key];
    },
    async close() {
      await autoDelivery;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function route(method: string, path: string, accepts: readonly string[], answer: Route["answer"]): Route {
  const name = `${method} ${path.replaceAll("([A-Za-z0-9_]+)", ":id")}`;
  return { method, name, pattern: new RegExp(`^${path}$`), accepts, answer };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function cardFailure(intent: StoredPaymentIntent): StripeFailure {
  const error = intent.last_payment_error;
  return new StripeFailure(402, {
    error: {
      type: "card_error",
      code: error?.code ?? "card_declined",
      ...(error?.decline_code ? { decline_code: error.decline_code } : {}),
      message: error?.message ?? "Your card was declined.",
      doc_url: error?.doc_url ?? "https://stripe.com/docs/error-codes/card-declined",
      payment_intent: JSON.parse(JSON.stringify(intent)),
      ...(error?.payment_method ? { payment_method: error.payment_method } : {}),
    },
  });
}

const expandsOf = (params: FormObject): string[][] =>
  listOf(params.expand)
    .filter((path): path is string => typeof path === "string")
    .map((path) => path.split("."));

/** In a list, `expand[]=data.product` names a field of each item. */
const dataExpands = (params: FormObject): string[][] =>
  expandsOf(params)
    .filter((path) => path[0] === "data")
    .map((path) => path.slice(1));

function limitOf(params: FormObject): number {
  if (params.limit === undefined) return 10;
  const limit = integerOf(params, "limit");
  if (limit < 1 || limit > 100) {
    throw new StripeFailure(400, invalidRequest("Limit must be between 1 and 100.", { param: "limit" }));
  }
  return limit;
}

function optionalString(params: FormObject, name: string): string | null {
  const value: FormValue | undefined = params[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") {
    throw new StripeFailure(400, invalidRequest(`Invalid string: ${name}`, { param: name }));
  }
  return value;
}

function requiredString(params: FormObject, name: string, param = name): string {
  const value = optionalString(params, name);
  if (value === null) {
    throw new StripeFailure(400, invalidRequest(`Missing required param: ${param}.`, { param }));
  }
  return value;
}

function integerOf(params: FormObject, name: string): number {
  const value = requiredString(params, name);
  if (!/^-?\d+$/.test(value)) {
    throw new StripeFailure(400, invalidRequest(`Invalid integer: ${value}`, { param: name }));
  }
  return Number(value);
}

function booleanOf(params: FormObject, name: string): boolean {
  const value = params[name];
  if (value === "true") return true;
  if (value === "false") return false;
  throw new StripeFailure(400, invalidRequest(`Invalid boolean: ${String(value)}`, { param: name }));
}

function metadataOf(params: FormObject): Metadata {
  const value = params.metadata;
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new StripeFailure(400, invalidRequest("Invalid object", { param: "metadata" }));
  }
  const metadata: Metadata = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") {
      throw new StripeFailure(400, invalidRequest("Invalid object", { param: `metadata[${key}]` }));
    }
    metadata[key] = entry;
  }
  return metadata;
}

/** Stripe merges metadata on update; an empty value removes its key. */
function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  const merged = { ...current, ...update };
  for (const [key, value] of Object.entries(update)) if (value === "") delete merged[key];
  return merged;
}
