import type Stripe from "stripe";
import {
  booleanOf,
  checkedObject,
  expandsOf,
  type FormObject,
  integerOf,
  listOf,
  mergeMetadata,
  metadataOf,
  objectOf,
  oneOf,
  optionalString,
  requiredString,
} from "./fake-stripe-form.ts";
import {
  customerObject,
  declineOf,
  FAKE_STRIPE_API_VERSION,
  type FakeCardBehaviour,
  INCLUDABLE,
  type InvoiceBillingReason,
  invalidRequest,
  invoiceObject,
  newId,
  noSuch,
  now,
  paymentIntentObject,
  paymentMethodObject,
  portalSessionObject,
  priceObject,
  productObject,
  type StoredCustomer,
  type StoredInvoice,
  type StoredObject,
  type StoredPaymentIntent,
  type StoredPaymentMethod,
  type StoredPrice,
  type StoredProduct,
  type StoredSubscription,
  StripeFailure,
  subscriptionObject,
} from "./fake-stripe-resources.ts";

/** Every call billing's Stripe adapter makes, as the fake names it; the fake answers no other. */
export type FakeStripeRoute =
  | "GET /v1/prices"
  | "POST /v1/prices"
  | "POST /v1/products"
  | "POST /v1/customers"
  | "POST /v1/customers/:id"
  | "DELETE /v1/customers/:id"
  | "POST /v1/subscriptions"
  | "GET /v1/subscriptions/:id"
  | "POST /v1/subscriptions/:id"
  | "DELETE /v1/subscriptions/:id"
  | "POST /v1/payment_intents"
  | "GET /v1/payment_intents/:id"
  | "POST /v1/payment_intents/:id/capture"
  | "POST /v1/payment_intents/:id/cancel"
  | "POST /v1/billing_portal/sessions";

/** How a charge is refused when a fault says so. */
export type FakeDecline = "declines" | "insufficient_funds";

export interface EndpointRequest {
  params: FormObject;
  /** The `:id` of the route's path. */
  id: string;
  /** A pending `cardDeclined` fault, taken only by a request that charges a card. */
  declineFault(): FakeDecline | undefined;
}

interface Endpoint {
  /** The parameters billing's adapter sends; the fake refuses any other as unknown, as the API does. */
  accepts: readonly string[];
  /** Stripe's JSON for a 200; a refusal is thrown as a StripeFailure. */
  answer(request: EndpointRequest): unknown;
}

/** The events billing's webhook endpoint is set up for (services/billing/README.md): Stripe sends it no other. */
type WebhookEventType =
  | "invoice.paid"
  | "invoice.payment_failed"
  | "customer.subscription.updated"
  | "customer.subscription.deleted"
  | "payment_intent.succeeded";

const PERIOD_SECONDS = 30 * 24 * 60 * 60;
const PENDING_UPDATE_SECONDS = 23 * 60 * 60;

/**
 * One Stripe account's objects and what happens to them: the endpoints billing's adapter calls, and what
 * Stripe.js does when the customer confirms a payment. The events it records are the fake's to send.
 */
export function createFakeStripeAccount() {
  const store = new Map<string, StoredObject>();
  /** Customers deleted through the API: gone, but the test may ask whether they were. */
  const deletedCustomers = new Set<string>();
  const invoiceOfPaymentIntent = new Map<string, string>();
  const events: Stripe.Event[] = [];

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

  /** Newest first, as Stripe lists. */
  const objectsOf = <T extends StoredObject>(object: T["object"]): T[] =>
    [...store.values()].filter((candidate): candidate is T => candidate.object === object).reverse();

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

  function emit(type: WebhookEventType, object: StoredObject, previousAttributes?: Record<string, unknown>) {
    events.push({
      id: newId("evt"),
      object: "event",
      api_version: FAKE_STRIPE_API_VERSION,
      created: now(),
      data: {
        object: snapshot(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event);
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

  /** The open invoice for a subscription's lines, and the payment intent the browser confirms to pay it. */
  function bill(
    subscription: StoredSubscription,
    reason: InvoiceBillingReason,
    lines: { price: StoredPrice; amount: number; description: string }[],
    invoicePeriod: { start: number; end: number },
  ): void {
    const customer = need<StoredCustomer>("customer", subscription.customer, "customer");
    const item = currentItem(subscription);
    const linePeriod = { start: item.current_period_start, end: item.current_period_end };
    const intent = save(
      paymentIntentObject({
        amount: lines.reduce((sum, line) => sum + line.amount, 0),
        currency: lines[0]?.price.currency ?? "usd",
        customer: customer.id,
        captureMethod: "automatic",
        description: reason === "subscription_create" ? "Subscription creation" : "Subscription update",
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
  }

  /** A charge of `method` for the intent, which succeeds or is declined; then what it does to its invoice. */
  function charge(intent: StoredPaymentIntent, method: StoredPaymentMethod, behaviour: FakeCardBehaviour) {
    intent.latest_charge = newId("ch");
    if (behaviour === "succeeds") {
      intent.payment_method = method.id;
      intent.last_payment_error = null;
      if (intent.capture_method === "manual") {
        intent.status = "requires_capture";
        intent.amount_capturable = intent.amount;
      } else {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        emit("payment_intent.succeeded", intent);
      }
    } else {
      intent.status = "requires_payment_method";
      intent.payment_method = null;
      intent.last_payment_error = declineOf(behaviour, method);
    }
    const invoice = find<StoredInvoice>("invoice", invoiceOfPaymentIntent.get(intent.id));
    if (invoice) settleInvoice(invoice, intent);
  }

  /** What a payment attempt does to its invoice and, once paid, to the subscription. */
  function settleInvoice(invoice: StoredInvoice, intent: StoredPaymentIntent): void {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (intent.status !== "succeeded") {
      emit("invoice.payment_failed", invoice);
      return;
    }
    const paidAt = now();
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = paidAt;
    for (const payment of invoice.payments.data) {
      payment.status = "paid";
      payment.amount_paid = intent.amount_received;
      payment.status_transitions.paid_at = paidAt;
    }
    emit("invoice.paid", invoice);
    const subscription = subscriptionOfInvoice(invoice);
    if (!subscription || subscription.status === "canceled") return;
    const saveCard = subscription.payment_settings.save_default_payment_method === "on_subscription";
    if (saveCard && intent.payment_method) subscription.default_payment_method = intent.payment_method;
    const pending = subscription.pending_update;
    if (invoice.billing_reason === "subscription_update" && pending) {
      subscription.items.data = pending.subscription_items;
      if (pending.metadata) subscription.metadata = mergeMetadata(subscription.metadata, pending.metadata);
      subscription.pending_update = null;
    }
    if (subscription.status === "incomplete") subscription.status = "active";
  }

  /** Ends a subscription now; the first invoice of one never paid is voided, its payment canceled. */
  function cancelNow(subscription: StoredSubscription): void {
    const wasIncomplete = subscription.status === "incomplete";
    subscription.status = "canceled";
    subscription.canceled_at ??= now();
    subscription.ended_at = now();
    subscription.cancellation_details.reason = "cancellation_requested";
    subscription.pending_update = null;
    const invoice = find<StoredInvoice>("invoice", subscription.latest_invoice);
    if (wasIncomplete && invoice?.status === "open") {
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
        }
      }
    }
    emit("customer.subscription.deleted", subscription);
  }

  // ---- endpoints ----------------------------------------------------------------------------------------

  function listPrices({ params }: EndpointRequest) {
    const lookupKeys = listOf(params.lookup_keys).map(String);
    if (lookupKeys.length > 10) {
      throw new StripeFailure(
        400,
        invalidRequest("lookup_keys may have at most 10 keys.", { param: "lookup_keys" }),
      );
    }
    const active = params.active === undefined ? undefined : booleanOf(params, "active");
    const limit = params.limit === undefined ? 10 : integerOf(params, "limit");
    if (limit < 1 || limit > 100) {
      throw new StripeFailure(400, invalidRequest("Limit must be between 1 and 100.", { param: "limit" }));
    }
    const found = objectsOf<StoredPrice>("price").filter(
      (price) =>
        (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active),
    );
    return {
      object: "list",
      data: found.slice(0, limit).map((price) => render(price)),
      has_more: found.length > limit,
      url: "/v1/prices",
    };
  }

  function createProduct({ params }: EndpointRequest) {
    const product = save(
      productObject({
        name: requiredString(params, "name"),
        description: optionalString(params, "description"),
        metadata: metadataOf(params),
      }),
    );
    return render(product);
  }

  function createPrice({ params }: EndpointRequest) {
    const product = requiredString(params, "product");
    need<StoredProduct>("product", product, "product", { status: 400, param: "product" });
    const recurring = objectOf(params, "recurring", ["interval"]);
    const interval = recurring ? requiredString(recurring, "interval", "recurring[interval]") : null;
    if (interval !== null && !["day", "week", "month", "year"].includes(interval)) {
      throw new StripeFailure(
        400,
        invalidRequest("Invalid recurring[interval]: must be one of day, week, month, or year", {
          param: "recurring[interval]",
        }),
      );
    }
    const lookupKey = optionalString(params, "lookup_key");
    const holder = objectsOf<StoredPrice>("price").find((price) => price.lookup_key === lookupKey);
    if (lookupKey !== null && holder) {
      throw new StripeFailure(
        400,
        invalidRequest(
          `A price (\`${holder.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it.`,
          { param: "lookup_key" },
        ),
      );
    }
    const price = save(
      priceObject({
        product,
        unitAmount: integerOf(params, "unit_amount"),
        currency: requiredString(params, "currency").toLowerCase(),
        recurring: interval === null ? null : { interval },
        lookupKey,
        metadata: metadataOf(params),
      }),
    );
    return render(price);
  }

  function createCustomer({ params }: EndpointRequest) {
    const customer = save(
      customerObject({ email: optionalString(params, "email"), metadata: metadataOf(params) }),
    );
    return render(customer);
  }

  function updateCustomer({ params, id }: EndpointRequest) {
    const customer = need<StoredCustomer>("customer", id, "customer");
    if (params.email !== undefined) customer.email = optionalString(params, "email");
    return render(customer);
  }

  /**
   * Stripe's customer deletion: it cannot be undone, its live subscriptions are canceled at once and its
   * cards detached; anything asked of it afterwards answers "No such customer".
   */
  function deleteCustomer({ id }: EndpointRequest) {
    const customer = need<StoredCustomer>("customer", id, "customer");
    for (const subscription of objectsOf<StoredSubscription>("subscription")) {
      if (subscription.customer === customer.id && subscription.status !== "canceled")
        cancelNow(subscription);
    }
    for (const method of objectsOf<StoredPaymentMethod>("payment_method")) {
      if (method.customer === customer.id) method.customer = null;
    }
    store.delete(customer.id);
    deletedCustomers.add(customer.id);
    return { id: customer.id, object: "customer", deleted: true };
  }

  function createSubscription({ params }: EndpointRequest) {
    const customer = need<StoredCustomer>("customer", requiredString(params, "customer"), "customer", {
      status: 400,
      param: "customer",
    });
    const items = listOf(params.items);
    if (items.length === 0) {
      throw new StripeFailure(400, invalidRequest("Missing required param: items.", { param: "items" }));
    }
    const prices = items.map((item, index) => {
      const param = `items[${index}][price]`;
      const id = requiredString(checkedObject(item, ["price"], `items[${index}]`), "price", param);
      const price = need<StoredPrice>("price", id, "price", { status: 400, param });
      if (!price.recurring) {
        throw new StripeFailure(
          400,
          invalidRequest(
            "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.",
            { param },
          ),
        );
      }
      return price;
    });
    oneOf(params, "payment_behavior", ["default_incomplete"]);
    const settings = objectOf(params, "payment_settings", ["save_default_payment_method"]);
    const saveDefault = settings
      ? optionalString(
          settings,
          "save_default_payment_method",
          "payment_settings[save_default_payment_method]",
        )
      : null;
    const start = now();
    const subscription = save(
      subscriptionObject({
        customer: customer.id,
        prices: prices.map((price) => price.id),
        period: { start, end: start + PERIOD_SECONDS },
        currency: prices[0]?.currency ?? "usd",
        saveDefaultPaymentMethod: saveDefault ?? "off",
        metadata: metadataOf(params),
      }),
    );
    bill(
      subscription,
      "subscription_create",
      prices.map((price) => ({ price, amount: price.unit_amount, description: `1 × ${price.id}` })),
      { start, end: start },
    );
    return render(subscription, expandsOf(params));
  }

  /** The item switched to another price, when the request asks for one. */
  function switchAsked(subscription: StoredSubscription, params: FormObject) {
    const items = listOf(params.items);
    if (items.length === 0) return undefined;
    if (items.length > 1) {
      throw new StripeFailure(
        400,
        invalidRequest("The fake Stripe models a switch of a subscription's one item only.", {
          param: "items",
        }),
      );
    }
    oneOf(params, "proration_behavior", ["always_invoice"]);
    oneOf(params, "payment_behavior", ["pending_if_incomplete"]);
    const wanted = checkedObject(items[0], ["id", "price"], "items[0]");
    const itemId = requiredString(wanted, "id", "items[0][id]");
    const item = subscription.items.data.find((candidate) => candidate.id === itemId);
    if (!item) {
      throw new StripeFailure(
        400,
        invalidRequest(`No such subscription item: '${itemId}'`, {
          code: "resource_missing",
          param: "items[0][id]",
        }),
      );
    }
    const priceId = requiredString(wanted, "price", "items[0][price]");
    const price = need<StoredPrice>("price", priceId, "price", { status: 400, param: "items[0][price]" });
    return price.id === item.price ? undefined : { item, price };
  }

  function updateSubscription({ params, id }: EndpointRequest) {
    const subscription = need<StoredSubscription>("subscription", id, "subscription");
    if (
      subscription.status === "canceled" &&
      Object.keys(params).some((key) => !["metadata", "expand"].includes(key))
    ) {
      throw new StripeFailure(
        400,
        invalidRequest("A canceled subscription can only update its cancellation_details and metadata."),
      );
    }
    const switched = switchAsked(subscription, params);
    if (subscription.pending_update && switched) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "This subscription has a pending update. Pay its latest invoice or let the update expire before updating it again.",
        ),
      );
    }
    const metadata = params.metadata === undefined ? undefined : metadataOf(params);
    updating(subscription, () => {
      if (params.cancel_at_period_end !== undefined) {
        const cancel = booleanOf(params, "cancel_at_period_end");
        subscription.cancel_at_period_end = cancel;
        subscription.cancel_at = cancel ? currentItem(subscription).current_period_end : null;
        subscription.canceled_at = cancel ? now() : null;
        subscription.cancellation_details.reason = cancel ? "cancellation_requested" : null;
      }
      const { item, price } = switched ?? {};
      const old = item ? need<StoredPrice>("price", item.price, "price") : undefined;
      if (!item || !price || !old) {
        if (metadata) subscription.metadata = mergeMetadata(subscription.metadata, metadata);
        return;
      }
      const period = item.current_period_end - item.current_period_start;
      const remaining = Math.min(1, Math.max(0, (item.current_period_end - now()) / period));
      const amount = Math.max(0, Math.round((price.unit_amount - old.unit_amount) * remaining));
      if (amount === 0) {
        item.price = price.id;
        if (metadata) subscription.metadata = mergeMetadata(subscription.metadata, metadata);
        return;
      }
      // Pending until its invoice is paid: the price and the metadata apply only then.
      subscription.pending_update = {
        billing_cycle_anchor: null,
        expires_at: now() + PENDING_UPDATE_SECONDS,
        metadata: metadata ?? null,
        subscription_items: [{ ...structuredClone(item), price: price.id }],
        trial_end: null,
        trial_from_plan: null,
      };
      bill(
        subscription,
        "subscription_update",
        [{ price, amount, description: `Remaining time on 1 × ${price.id}` }],
        { start: now(), end: now() },
      );
    });
    return render(subscription, expandsOf(params));
  }

  function cancelSubscription({ id }: EndpointRequest) {
    const subscription = need<StoredSubscription>("subscription", id, "subscription");
    if (subscription.status === "canceled") {
      throw new StripeFailure(
        400,
        invalidRequest("This subscription has already been canceled.", { code: "resource_missing" }),
      );
    }
    cancelNow(subscription);
    return render(subscription);
  }

  /** A hold: a manual-capture payment confirmed at once, off-session, on a card saved earlier. */
  function createPaymentIntent({ params, declineFault }: EndpointRequest) {
    const amount = integerOf(params, "amount");
    const currency = requiredString(params, "currency").toLowerCase();
    if (currency === "usd" && amount < 50) {
      throw new StripeFailure(
        400,
        invalidRequest("Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" }),
      );
    }
    const customerId = optionalString(params, "customer");
    if (customerId !== null) {
      need<StoredCustomer>("customer", customerId, "customer", { status: 400, param: "customer" });
    }
    oneOf(params, "capture_method", ["manual"]);
    oneOf(params, "confirm", ["true"]);
    oneOf(params, "off_session", ["true"]);
    const methodId = optionalString(params, "payment_method");
    if (methodId === null) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method attached to the customer along with the customer ID.",
          { code: "payment_intent_unexpected_state" },
        ),
      );
    }
    const method = need<StoredPaymentMethod>("payment_method", methodId, "PaymentMethod", {
      status: 400,
      param: "payment_method",
    });
    if (method.customer !== customerId) {
      throw new StripeFailure(
        400,
        invalidRequest(
          method.customer === null
            ? "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again."
            : "The provided PaymentMethod belongs to another Customer. Pass that Customer, or another PaymentMethod.",
          { param: "payment_method" },
        ),
      );
    }
    const intent = save(
      paymentIntentObject({
        amount,
        currency,
        customer: customerId,
        captureMethod: "manual",
        description: optionalString(params, "description"),
        setupFutureUsage: null,
      }),
    );
    charge(intent, method, declineFault() ?? "succeeds");
    if (intent.status === "requires_payment_method") throw cardFailure(intent);
    return render(intent);
  }

  function capturePaymentIntent({ id }: EndpointRequest) {
    const intent = need<StoredPaymentIntent>("payment_intent", id, "payment_intent");
    if (intent.status !== "requires_capture") {
      throw new StripeFailure(
        400,
        invalidRequest(
          `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          { code: "payment_intent_unexpected_state" },
        ),
      );
    }
    intent.status = "succeeded";
    intent.amount_received = intent.amount_capturable;
    intent.amount_capturable = 0;
    emit("payment_intent.succeeded", intent);
    return render(intent);
  }

  function cancelPaymentIntent({ id }: EndpointRequest) {
    const intent = need<StoredPaymentIntent>("payment_intent", id, "payment_intent");
    if (intent.status !== "requires_payment_method" && intent.status !== "requires_capture") {
      throw new StripeFailure(
        400,
        invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          { code: "payment_intent_unexpected_state" },
        ),
      );
    }
    intent.status = "canceled";
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    return render(intent);
  }

  function createPortalSession({ params }: EndpointRequest) {
    const customer = need<StoredCustomer>("customer", requiredString(params, "customer"), "customer", {
      status: 400,
      param: "customer",
    });
    return portalSessionObject(customer.id, optionalString(params, "return_url"));
  }

  const retrieve =
    (object: StoredObject["object"], kind: string) =>
    ({ id }: EndpointRequest) =>
      render(need(object, id, kind));

  /** The parameters are those billing's adapter sends (stripe-card-payments.ts), and `expand` where it expands. */
  const endpoints: Record<FakeStripeRoute, Endpoint> = {
    "GET /v1/prices": { accepts: ["lookup_keys", "active", "limit"], answer: listPrices },
    "POST /v1/products": { accepts: ["name", "description", "metadata"], answer: createProduct },
    "POST /v1/prices": {
      accepts: ["product", "unit_amount", "currency", "recurring", "lookup_key", "metadata"],
      answer: createPrice,
    },
    "POST /v1/customers": { accepts: ["email", "metadata"], answer: createCustomer },
    "POST /v1/customers/:id": { accepts: ["email"], answer: updateCustomer },
    "DELETE /v1/customers/:id": { accepts: [], answer: deleteCustomer },
    "POST /v1/subscriptions": {
      accepts: ["customer", "items", "payment_behavior", "payment_settings", "metadata", "expand"],
      answer: createSubscription,
    },
    "GET /v1/subscriptions/:id": { accepts: [], answer: retrieve("subscription", "subscription") },
    "POST /v1/subscriptions/:id": {
      accepts: [
        "items",
        "proration_behavior",
        "payment_behavior",
        "metadata",
        "cancel_at_period_end",
        "expand",
      ],
      answer: updateSubscription,
    },
    "DELETE /v1/subscriptions/:id": { accepts: [], answer: cancelSubscription },
    "POST /v1/payment_intents": {
      accepts: [
        "amount",
        "currency",
        "customer",
        "payment_method",
        "off_session",
        "confirm",
        "capture_method",
        "description",
      ],
      answer: createPaymentIntent,
    },
    "GET /v1/payment_intents/:id": { accepts: [], answer: retrieve("payment_intent", "payment_intent") },
    "POST /v1/payment_intents/:id/capture": { accepts: [], answer: capturePaymentIntent },
    "POST /v1/payment_intents/:id/cancel": { accepts: [], answer: cancelPaymentIntent },
    "POST /v1/billing_portal/sessions": { accepts: ["customer", "return_url"], answer: createPortalSession },
  };

  const view = <T>(object: "customer" | "subscription" | "payment_intent", id: string) => {
    const found = find(object, id);
    return found ? (structuredClone(render(found)) as T) : undefined;
  };

  return {
    events,
    endpoints,
    customer: (id: string) => view<Stripe.Customer>("customer", id),
    customerDeleted: (id: string) => deletedCustomers.has(id),
    subscription: (id: string) => view<Stripe.Subscription>("subscription", id),
    paymentIntent: (id: string) => view<Stripe.PaymentIntent>("payment_intent", id),

    /**
     * What Stripe.js does once the customer has entered `card` for a subscription's payment: the payment,
     * the invoice it pays and the subscription that invoice belongs to change, and their events are emitted.
     */
    confirmPaymentIntent(id: string, card: FakeCardBehaviour): Stripe.PaymentIntent {
      const intent = find<StoredPaymentIntent>("payment_intent", id);
      if (!intent) throw new Error(`The fake Stripe has no payment_intent ${id}`);
      if (intent.status !== "requires_payment_method") {
        throw new Error(`Payment intent ${id} is ${intent.status}; it cannot be confirmed`);
      }
      const invoice = find<StoredInvoice>("invoice", invoiceOfPaymentIntent.get(id));
      const method = save(paymentMethodObject(card, card === "succeeds" ? intent.customer : null));
      updating(invoice && subscriptionOfInvoice(invoice), () => charge(intent, method, card));
      return structuredClone(render(intent)) as Stripe.PaymentIntent;
    },
  };
}

/** A declined charge's answer: 402 `card_error`, the payment intent with its error attached. */
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
