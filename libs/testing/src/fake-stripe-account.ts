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
  type StoredSetupIntent,
  type StoredSubscription,
  type StoredSubscriptionItem,
  StripeFailure,
  setupIntentObject,
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
  | "GET /v1/setup_intents/:id"
  | "POST /v1/invoices/create_preview"
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
  | "customer.subscription.trial_will_end"
  | "payment_intent.succeeded";

const DAY_SECONDS = 24 * 60 * 60;
const PERIOD_SECONDS = 30 * DAY_SECONDS;
const INVOICE_DESCRIPTIONS: Record<InvoiceBillingReason, string> = {
  subscription_create: "Subscription creation",
  subscription_update: "Subscription update",
  subscription_cycle: "Subscription cycle",
};
/** When Stripe's Smart Retries try a failed renewal again, as the fake has them: three days later. */
const RETRY_SECONDS = 3 * DAY_SECONDS;

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

  /** An invoice line: a price for the period it covers, a proration among them. */
  interface Line {
    price: StoredPrice;
    amount: number;
    description: string;
    period: { start: number; end: number };
    proration: boolean;
  }

  /**
   * The invoice for a subscription's lines, made its latest: open, with the payment intent that pays it
   * (confirmed by the browser, or charged off-session on the saved card); paid at once when it comes to
   * nothing, as a trial's first invoice does.
   */
  function bill(
    subscription: StoredSubscription,
    reason: InvoiceBillingReason,
    lines: Line[],
    invoicePeriod: { start: number; end: number },
    created = now(),
  ): { invoice: StoredInvoice; intent: StoredPaymentIntent | null } {
    const customer = need<StoredCustomer>("customer", subscription.customer, "customer");
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const intent =
      amount > 0
        ? save(
            paymentIntentObject({
              amount,
              currency: lines[0]?.price.currency ?? "usd",
              customer: customer.id,
              captureMethod: "automatic",
              description: INVOICE_DESCRIPTIONS[reason],
              setupFutureUsage:
                subscription.payment_settings.save_default_payment_method === "on_subscription"
                  ? "off_session"
                  : null,
            }),
          )
        : null;
    const invoice = save(
      invoiceObject({
        customer,
        subscription,
        billingReason: reason,
        lines,
        paymentIntent: intent,
        period: invoicePeriod,
        created,
      }),
    );
    if (intent) {
      intent.metadata = { ...subscription.metadata, invoice: invoice.id };
      invoiceOfPaymentIntent.set(intent.id, invoice.id);
    } else {
      invoice.status = "paid";
      invoice.status_transitions.paid_at = created;
    }
    subscription.latest_invoice = invoice.id;
    return { invoice, intent };
  }

  /** A price's whole period, as a subscription's first or next invoice bills it. */
  const fullPeriod = (
    price: StoredPrice,
    period: { start: number; end: number },
    amount = price.unit_amount,
  ) => ({
    price,
    amount,
    description: `1 × ${price.id}`,
    period,
    proration: false,
  });

  /**
   * What moving an item to `price` at `at` comes to, as Stripe prorates it: the unused rest of the period
   * credited at the old price and charged at the new one, to the second.
   */
  function prorationLines(item: StoredSubscriptionItem, price: StoredPrice, at: number): Line[] {
    const old = need<StoredPrice>("price", item.price, "price");
    const period = { start: item.current_period_start, end: item.current_period_end };
    const remaining = Math.min(1, Math.max(0, (period.end - at) / (period.end - period.start)));
    const rest = { start: at, end: period.end };
    return [
      {
        price: old,
        amount: -Math.round(old.unit_amount * remaining),
        description: `Unused time on 1 × ${old.id}`,
        period: rest,
        proration: true,
      },
      {
        price,
        amount: Math.round(price.unit_amount * remaining),
        description: `Remaining time on 1 × ${price.id}`,
        period: rest,
        proration: true,
      },
    ];
  }

  /** The card a subscription charges off-session: its own default, which the test's card entry saved. */
  function savedCard(subscription: StoredSubscription): StoredPaymentMethod | undefined {
    return find<StoredPaymentMethod>("payment_method", subscription.default_payment_method);
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

  /**
   * What a payment attempt does to its invoice and, once paid, to the subscription: a renewal that fails
   * leaves it past due while Stripe retries.
   */
  function settleInvoice(invoice: StoredInvoice, intent: StoredPaymentIntent): void {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (intent.status !== "succeeded") {
      const subscription = subscriptionOfInvoice(invoice);
      if (invoice.billing_reason === "subscription_cycle" && subscription) {
        subscription.status = "past_due";
        invoice.next_payment_attempt = invoice.created + RETRY_SECONDS;
      }
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
    invoice.next_payment_attempt = null;
    subscription.status = "active";
  }

  /** An open invoice nobody will pay: voided, its payment canceled. */
  function voidInvoice(invoice: StoredInvoice): void {
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

  /** Ends a subscription now; the first invoice of one never paid is voided, its payment canceled. */
  function cancelNow(subscription: StoredSubscription): void {
    const wasIncomplete = subscription.status === "incomplete";
    subscription.status = "canceled";
    subscription.canceled_at ??= now();
    subscription.ended_at = now();
    subscription.cancellation_details.reason ??= "cancellation_requested";
    const invoice = find<StoredInvoice>("invoice", subscription.latest_invoice);
    if (wasIncomplete && invoice?.status === "open") voidInvoice(invoice);
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
    const trialEnd = params.trial_end === undefined ? null : integerOf(params, "trial_end");
    if (trialEnd !== null && trialEnd <= start) {
      throw new StripeFailure(
        400,
        invalidRequest("Invalid timestamp: must be an integer Unix timestamp in the future.", {
          param: "trial_end",
        }),
      );
    }
    const trialSettings = objectOf(params, "trial_settings", ["end_behavior"]);
    const endBehavior = trialSettings
      ? objectOf(trialSettings, "end_behavior", ["missing_payment_method"], "trial_settings[end_behavior]")
      : undefined;
    const missingPaymentMethod = endBehavior
      ? oneOf(
          endBehavior,
          "missing_payment_method",
          ["cancel"],
          "trial_settings[end_behavior][missing_payment_method]",
        )
      : "create_invoice";
    const period = { start, end: trialEnd ?? start + PERIOD_SECONDS };
    const subscription = save(
      subscriptionObject({
        customer: customer.id,
        prices: prices.map((price) => price.id),
        period,
        currency: prices[0]?.currency ?? "usd",
        saveDefaultPaymentMethod: saveDefault ?? "off",
        metadata: metadataOf(params),
        trial: trialEnd === null ? null : { start, end: trialEnd, missingPaymentMethod },
      }),
    );
    // A trial's first invoice comes to nothing: paid at once, with the card to be saved by a setup intent.
    const lines = prices.map((price) => fullPeriod(price, period, trialEnd === null ? price.unit_amount : 0));
    const { invoice } = bill(subscription, "subscription_create", lines, { start, end: start });
    if (invoice.status === "paid") {
      emit("invoice.paid", invoice);
      if (subscription.payment_settings.save_default_payment_method === "on_subscription") {
        const setup = save(setupIntentObject({ customer: customer.id, metadata: subscription.metadata }));
        subscription.pending_setup_intent = setup.id;
      }
    }
    return render(subscription, expandsOf(params));
  }

  /**
   * The item moved to another price, when the request asks for one, and how: `always_invoice` charges the
   * prorated difference now on the saved card or changes nothing (`error_if_incomplete`); `none` changes
   * the price at once and bills it from the next period.
   */
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
    const proration = oneOf(params, "proration_behavior", ["always_invoice", "none"]);
    if (proration === "always_invoice") oneOf(params, "payment_behavior", ["error_if_incomplete"]);
    else if (params.payment_behavior !== undefined) oneOf(params, "payment_behavior", []);
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
    const at = prorationDateOf(params, item);
    return price.id === item.price ? undefined : { item, price, proration, at };
  }

  /** `proration_date`: a moment of the current period, as a preview shown earlier priced the change. */
  function prorationDateOf(params: FormObject, item: StoredSubscriptionItem) {
    if (params.proration_date === undefined) return now();
    const at = integerOf(params, "proration_date");
    if (at < item.current_period_start || at > now()) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "The proration_date must be within the current billing period, and not in the future.",
          {
            param: "proration_date",
          },
        ),
      );
    }
    return at;
  }

  function updateSubscription({ params, id, declineFault }: EndpointRequest) {
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
    const metadata = params.metadata === undefined ? undefined : metadataOf(params);
    // Charged first: a move up whose payment fails changes nothing (`error_if_incomplete`).
    const lines =
      switched?.proration === "always_invoice" && subscription.status !== "trialing"
        ? prorationLines(switched.item, switched.price, switched.at)
        : [];
    const owed = lines.reduce((sum, line) => sum + line.amount, 0);
    const card = savedCard(subscription);
    if (owed > 0 && !card) {
      throw new StripeFailure(
        400,
        invalidRequest(
          "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
        ),
      );
    }
    updating(subscription, () => {
      if (params.cancel_at_period_end !== undefined) {
        const cancel = booleanOf(params, "cancel_at_period_end");
        subscription.cancel_at_period_end = cancel;
        subscription.cancel_at = cancel ? currentItem(subscription).current_period_end : null;
        subscription.canceled_at = cancel ? now() : null;
        subscription.cancellation_details.reason = cancel ? "cancellation_requested" : null;
      }
      if (metadata) subscription.metadata = mergeMetadata(subscription.metadata, metadata);
      if (!switched) return;
      if (owed > 0 && card) {
        const before = subscription.latest_invoice;
        const { invoice, intent } = bill(subscription, "subscription_update", lines, {
          start: now(),
          end: now(),
        });
        if (intent) charge(intent, card, declineFault() ?? "succeeds");
        if (intent && invoice.status !== "paid") {
          voidInvoice(invoice);
          subscription.latest_invoice = before;
          throw cardFailure(intent);
        }
      }
      switched.item.price = switched.price.id;
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

  /**
   * The invoice a change to a subscription would make, made and not kept: its items moved to another price
   * as of `proration_date`, the prorated difference as Stripe would charge it with `always_invoice`.
   */
  function previewInvoice({ params }: EndpointRequest) {
    const customer = need<StoredCustomer>("customer", requiredString(params, "customer"), "customer", {
      status: 400,
      param: "customer",
    });
    const subscription = need<StoredSubscription>(
      "subscription",
      requiredString(params, "subscription"),
      "subscription",
      { status: 400, param: "subscription" },
    );
    if (subscription.customer !== customer.id) {
      throw new StripeFailure(
        400,
        invalidRequest("The subscription does not belong to this customer.", { param: "subscription" }),
      );
    }
    const details = objectOf(
      params,
      "subscription_details",
      ["items", "proration_behavior", "proration_date"],
      "subscription_details",
    );
    if (!details) {
      throw new StripeFailure(
        400,
        invalidRequest("The fake Stripe previews a change of a subscription's item only.", {
          param: "subscription_details",
        }),
      );
    }
    oneOf(details, "proration_behavior", ["always_invoice"], "subscription_details[proration_behavior]");
    const switched = switchAsked(subscription, {
      items: details.items ?? [],
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
      ...(details.proration_date === undefined ? {} : { proration_date: details.proration_date }),
    });
    if (!switched) {
      throw new StripeFailure(
        400,
        invalidRequest("The fake Stripe previews a move of the subscription's item to another price only.", {
          param: "subscription_details[items]",
        }),
      );
    }
    const lines =
      subscription.status === "trialing" ? [] : prorationLines(switched.item, switched.price, switched.at);
    return render(
      invoiceObject({
        customer,
        subscription,
        billingReason: "upcoming",
        lines,
        paymentIntent: null,
        period: { start: switched.at, end: switched.at },
      }),
    );
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
      accepts: [
        "customer",
        "items",
        "payment_behavior",
        "payment_settings",
        "trial_end",
        "trial_settings",
        "metadata",
        "expand",
      ],
      answer: createSubscription,
    },
    "GET /v1/subscriptions/:id": { accepts: [], answer: retrieve("subscription", "subscription") },
    "POST /v1/subscriptions/:id": {
      accepts: [
        "items",
        "proration_behavior",
        "proration_date",
        "payment_behavior",
        "metadata",
        "cancel_at_period_end",
        "expand",
      ],
      answer: updateSubscription,
    },
    "DELETE /v1/subscriptions/:id": { accepts: [], answer: cancelSubscription },
    "GET /v1/setup_intents/:id": { accepts: [], answer: retrieve("setup_intent", "setup_intent") },
    "POST /v1/invoices/create_preview": {
      accepts: ["customer", "subscription", "subscription_details"],
      answer: previewInvoice,
    },
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

  const view = <T>(object: "customer" | "subscription" | "payment_intent" | "setup_intent", id: string) => {
    const found = find(object, id);
    return found ? (structuredClone(render(found)) as T) : undefined;
  };

  const liveSubscription = (id: string) => {
    const subscription = find<StoredSubscription>("subscription", id);
    if (!subscription) throw new Error(`The fake Stripe has no subscription ${id}`);
    if (subscription.status === "canceled") throw new Error(`Subscription ${id} is canceled`);
    return subscription;
  };

  /**
   * The current period (a trial or a paid month) reaches its end: a subscription set to cancel then ends,
   * as does a trial without a saved card (`missing_payment_method: cancel`); any other renews, the next
   * period's invoice charged on the saved card (paid: active; declined, as `card` may say: past due).
   */
  function endPeriod(subscription: StoredSubscription, card: FakeCardBehaviour): void {
    const item = currentItem(subscription);
    const end = item.current_period_end;
    const trialWithoutCard =
      subscription.status === "trialing" &&
      subscription.default_payment_method === null &&
      subscription.trial_settings.end_behavior.missing_payment_method === "cancel";
    if (subscription.cancel_at_period_end || trialWithoutCard) {
      cancelNow(subscription);
      return;
    }
    const price = need<StoredPrice>("price", item.price, "price");
    const next = { start: end, end: end + PERIOD_SECONDS };
    const method = savedCard(subscription);
    updating(subscription, () => {
      for (const each of subscription.items.data) {
        each.current_period_start = next.start;
        each.current_period_end = next.end;
      }
      const { intent } = bill(subscription, "subscription_cycle", [fullPeriod(price, next)], next, end);
      if (!intent) return;
      if (!method) {
        settleInvoice(need<StoredInvoice>("invoice", String(subscription.latest_invoice), "invoice"), intent);
        return;
      }
      charge(intent, method, card);
    });
  }

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

    setupIntent: (id: string) => view<Stripe.SetupIntent>("setup_intent", id),

    /** Every invoice of a customer, newest first, as the Dashboard lists them. */
    invoicesOf: (customerId: string) =>
      objectsOf<StoredInvoice>("invoice")
        .filter((invoice) => invoice.customer === customerId)
        .map((invoice) => structuredClone(render(invoice)) as Stripe.Invoice),

    /**
     * What Stripe.js does once the customer has entered `card` for a setup intent (a trial's card, nothing
     * charged): the card is saved and, for a subscription's pending setup intent, becomes its default.
     */
    confirmSetupIntent(id: string, card: FakeCardBehaviour): Stripe.SetupIntent {
      const setup = find<StoredSetupIntent>("setup_intent", id);
      if (!setup) throw new Error(`The fake Stripe has no setup_intent ${id}`);
      if (setup.status !== "requires_payment_method") {
        throw new Error(`Setup intent ${id} is ${setup.status}; it cannot be confirmed`);
      }
      const method = save(paymentMethodObject(card, card === "succeeds" ? setup.customer : null));
      if (card !== "succeeds") {
        setup.last_setup_error = declineOf(card, method);
        return structuredClone(render(setup)) as Stripe.SetupIntent;
      }
      setup.status = "succeeded";
      setup.payment_method = method.id;
      setup.last_setup_error = null;
      const subscription = objectsOf<StoredSubscription>("subscription").find(
        (candidate) => candidate.pending_setup_intent === id,
      );
      updating(subscription, () => {
        if (!subscription) return;
        subscription.pending_setup_intent = null;
        if (subscription.payment_settings.save_default_payment_method === "on_subscription") {
          subscription.default_payment_method = method.id;
        }
      });
      return structuredClone(render(setup)) as Stripe.SetupIntent;
    },

    /** Three days before a trial ends, Stripe says so: `customer.subscription.trial_will_end`. */
    trialWillEnd(subscriptionId: string): void {
      const subscription = liveSubscription(subscriptionId);
      if (subscription.status !== "trialing")
        throw new Error(`Subscription ${subscriptionId} is not trialing`);
      emit("customer.subscription.trial_will_end", subscription);
    },

    /** The subscription's current period (its trial, or a paid month) ends now; see `endPeriod`. */
    endPeriod(subscriptionId: string, card: FakeCardBehaviour = "succeeds"): Stripe.Subscription {
      const subscription = liveSubscription(subscriptionId);
      endPeriod(subscription, card);
      return structuredClone(render(subscription)) as Stripe.Subscription;
    },

    /**
     * Stripe's last retry of a past-due invoice failed and, as billing's settings ask, it cancels the
     * subscription for non-payment.
     */
    stopRetrying(subscriptionId: string): void {
      const subscription = liveSubscription(subscriptionId);
      if (subscription.status !== "past_due")
        throw new Error(`Subscription ${subscriptionId} is not past due`);
      subscription.cancellation_details.reason = "payment_failed";
      cancelNow(subscription);
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
