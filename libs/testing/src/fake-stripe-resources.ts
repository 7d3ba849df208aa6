import { randomBytes } from "node:crypto";

/** The API version whose shapes the fake answers in: the one the installed SDK asks for. */
export const FAKE_STRIPE_API_VERSION = "2026-10-28.endive";

/** What a card does when charged. */
export type FakeCardBehaviour = "succeeds" | "declines" | "insufficient_funds";

export type Metadata = Record<string, string>;

/** Every stored object: Stripe's JSON with references to other objects kept as their ids. */
export interface StoredObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

export interface StoredCustomer extends StoredObject {
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Metadata;
}

export interface StoredProduct extends StoredObject {
  object: "product";
  name: string;
  active: boolean;
  metadata: Metadata;
}

export interface StoredPrice extends StoredObject {
  object: "price";
  active: boolean;
  product: string;
  unit_amount: number;
  currency: string;
  lookup_key: string | null;
  recurring: { interval: string; interval_count: number; [field: string]: unknown } | null;
  metadata: Metadata;
}

export interface StoredPaymentMethod extends StoredObject {
  object: "payment_method";
  customer: string | null;
  card: { brand: string; last4: string; [field: string]: unknown };
}

export interface LastPaymentError {
  type: "card_error";
  code: string;
  decline_code?: string;
  message: string;
  doc_url: string;
  payment_method?: StoredPaymentMethod;
}

export interface StoredPaymentIntent extends StoredObject {
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  capture_method: string;
  client_secret: string;
  status: "requires_payment_method" | "requires_capture" | "canceled" | "succeeded";
  payment_method: string | null;
  last_payment_error: LastPaymentError | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  latest_charge: string | null;
  metadata: Metadata;
  description: string | null;
}

export interface StoredSubscriptionItem {
  id: string;
  object: "subscription_item";
  price: string;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  [field: string]: unknown;
}

export interface StoredSetupIntent extends StoredObject {
  object: "setup_intent";
  customer: string;
  client_secret: string;
  status: "requires_payment_method" | "succeeded";
  payment_method: string | null;
  last_setup_error: LastPaymentError | null;
  metadata: Metadata;
}

export interface StoredSubscription extends StoredObject {
  object: "subscription";
  customer: string;
  status: "incomplete" | "trialing" | "active" | "past_due" | "canceled";
  items: {
    object: "list";
    data: StoredSubscriptionItem[];
    has_more: false;
    total_count: number;
    url: string;
  };
  latest_invoice: string | null;
  default_payment_method: string | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: string | null };
  pending_setup_intent: string | null;
  trial_start: number | null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: string } };
  payment_settings: { save_default_payment_method: string; [field: string]: unknown };
  metadata: Metadata;
}

export interface StoredInvoicePayment {
  id: string;
  object: "invoice_payment";
  amount_paid: number | null;
  amount_requested: number;
  status: "open" | "paid" | "canceled";
  payment: { type: "payment_intent"; payment_intent: string };
  status_transitions: { canceled_at: number | null; paid_at: number | null };
  [field: string]: unknown;
}

export type InvoiceBillingReason = "subscription_create" | "subscription_update" | "subscription_cycle";

export interface StoredInvoice extends StoredObject {
  object: "invoice";
  customer: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: InvoiceBillingReason | "upcoming";
  created: number;
  next_payment_attempt: number | null;
  lines: {
    object: "list";
    data: { amount: number; period: { start: number; end: number }; [field: string]: unknown }[];
    [field: string]: unknown;
  };
  confirmation_secret: { client_secret: string; type: "payment_intent" } | null;
  payments: { object: "list"; data: StoredInvoicePayment[]; has_more: false; url: string };
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Metadata };
  };
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: number | null;
  };
}

export const now = () => Math.floor(Date.now() / 1000);

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Stripe's ids: a prefix and 24 alphanumerics (`cus_Q2x…`). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

/** Fields sent only when asked for with `expand[]`, as the API does for them. */
export const INCLUDABLE: Record<string, readonly string[]> = {
  invoice: ["confirmation_secret", "payments"],
};

export function customerObject(input: { email: string | null; metadata: Metadata }): StoredCustomer {
  return {
    id: newId("cus", 14),
    object: "customer",
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: input.email,
    invoice_prefix: newId("", 8).slice(1).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function productObject(input: {
  name: string;
  description: string | null;
  metadata: Metadata;
}): StoredProduct {
  const created = now();
  return {
    id: newId("prod", 14),
    object: "product",
    active: true,
    created,
    default_price: null,
    description: input.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata,
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    unit_label: null,
    updated: created,
    url: null,
  };
}

export function priceObject(input: {
  product: string;
  unitAmount: number;
  currency: string;
  recurring: { interval: string } | null;
  lookupKey: string | null;
  metadata: Metadata;
}): StoredPrice {
  return {
    id: newId("price"),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: now(),
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey,
    metadata: input.metadata,
    nickname: null,
    product: input.product,
    recurring: input.recurring
      ? {
          interval: input.recurring.interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: "licensed",
        }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? "recurring" : "one_time",
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  };
}

/** Stripe's test cards, by what they do when charged. */
const CARDS: Record<FakeCardBehaviour, { last4: string; brand: string }> = {
  succeeds: { last4: "4242", brand: "visa" },
  declines: { last4: "0002", brand: "visa" },
  insufficient_funds: { last4: "9995", brand: "visa" },
};

export function paymentMethodObject(
  behaviour: FakeCardBehaviour,
  customer: string | null,
): StoredPaymentMethod {
  const card = CARDS[behaviour];
  return {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: card.brand,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      fingerprint: newId("", 16).slice(1),
      funding: "credit",
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now(),
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export function paymentIntentObject(input: {
  amount: number;
  currency: string;
  customer: string | null;
  captureMethod: string;
  description: string | null;
  setupFutureUsage: string | null;
}): StoredPaymentIntent {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: `${id}_secret_${newId("", 25).slice(1)}`,
    confirmation_method: "automatic",
    created: now(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
}

/** A subscription's pending setup intent: the browser confirms it to save a card for later charges. */
export function setupIntentObject(input: { customer: string; metadata: Metadata }): StoredSetupIntent {
  const id = newId("seti");
  return {
    id,
    object: "setup_intent",
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId("", 25).slice(1)}`,
    created: now(),
    customer: input.customer,
    customer_account: null,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: "requires_payment_method",
    usage: "off_session",
  };
}

/** The error a declined card leaves on its payment intent, and answers the request with. */
export function declineOf(
  behaviour: "declines" | "insufficient_funds",
  paymentMethod?: StoredPaymentMethod,
): LastPaymentError {
  const declineCode = behaviour === "insufficient_funds" ? "insufficient_funds" : "generic_decline";
  return {
    type: "card_error",
    code: "card_declined",
    decline_code: declineCode,
    doc_url: "https://stripe.com/docs/error-codes/card-declined",
    message:
      behaviour === "insufficient_funds" ? "Your card has insufficient funds." : "Your card was declined.",
    ...(paymentMethod ? { payment_method: paymentMethod } : {}),
  };
}

export function subscriptionItemObject(
  subscription: string,
  price: string,
  period: { start: number; end: number },
): StoredSubscriptionItem {
  return {
    id: newId("si", 14),
    object: "subscription_item",
    billing_thresholds: null,
    created: now(),
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: {},
    price,
    quantity: 1,
    subscription,
    tax_rates: [],
  };
}

export function subscriptionObject(input: {
  customer: string;
  prices: string[];
  period: { start: number; end: number };
  currency: string;
  saveDefaultPaymentMethod: string;
  metadata: Metadata;
  /** A trial: the first period is it, and ends at its `end`. */
  trial: { start: number; end: number; missingPaymentMethod: string } | null;
}): StoredSubscription {
  const id = newId("sub");
  const created = now();
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.period.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    items: {
      object: "list",
      data: input.prices.map((price) => subscriptionItemObject(id, price, input.period)),
      has_more: false,
      total_count: input.prices.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: input.saveDefaultPaymentMethod,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: input.trial ? "trialing" : "incomplete",
    test_clock: null,
    transfer_data: null,
    trial_end: input.trial?.end ?? null,
    trial_settings: {
      end_behavior: { missing_payment_method: input.trial?.missingPaymentMethod ?? "create_invoice" },
    },
    trial_start: input.trial?.start ?? null,
  };
}

export function invoiceObject(input: {
  customer: StoredCustomer;
  subscription: StoredSubscription;
  /** `upcoming`: a preview (`POST /v1/invoices/create_preview`), which is never stored or numbered. */
  billingReason: InvoiceBillingReason | "upcoming";
  lines: {
    price: StoredPrice;
    amount: number;
    description: string;
    period: { start: number; end: number };
    proration: boolean;
  }[];
  /** Null for an invoice nothing is charged on: a trial's $0 one, or a preview. */
  paymentIntent: StoredPaymentIntent | null;
  period: { start: number; end: number };
  /** When it was made: a renewal's is its period's start, which a test may set in the future. */
  created?: number;
}): StoredInvoice {
  const preview = input.billingReason === "upcoming";
  const id = preview ? newId("upcoming_in") : newId("in");
  const created = input.created ?? now();
  const amount = input.lines.reduce((sum, line) => sum + line.amount, 0);
  // A credit larger than the charges is owed nothing; the rest stays with the customer's balance.
  const due = Math.max(0, amount);
  const currency = input.lines[0]?.price.currency ?? "usd";
  const parent = {
    type: "subscription_details" as const,
    quote_details: null,
    subscription_details: {
      metadata: { ...input.subscription.metadata },
      subscription: input.subscription.id,
    },
  };
  const sequence = input.customer.next_invoice_sequence as number;
  if (!preview) input.customer.next_invoice_sequence = sequence + 1;
  const intent = input.paymentIntent;
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Fake Stripe",
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: "charge_automatically",
    confirmation_secret: intent ? { client_secret: intent.client_secret, type: "payment_intent" } : null,
    created,
    currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/fake/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/fake/${id}/pdf`,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: "list",
      data: input.lines.map((line) => ({
        id: newId("il"),
        object: "line_item",
        amount: line.amount,
        currency,
        description: line.description,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          type: "subscription_item_details",
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration,
            proration_details: { credited_items: null },
            subscription: input.subscription.id,
            subscription_item: input.subscription.items.data[0]?.id ?? null,
          },
        },
        period: { end: line.period.end, start: line.period.start },
        pricing: {
          price_details: { price: line.price.id, product: line.price.product },
          type: "price_details",
          unit_amount_decimal: String(line.price.unit_amount),
        },
        quantity: 1,
        subtotal: line.amount,
        taxes: [],
      })),
      has_more: false,
      total_count: input.lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: preview
      ? null
      : `${input.customer.invoice_prefix as string}-${String(sequence).padStart(4, "0")}`,
    on_behalf_of: null,
    parent,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: {
      object: "list",
      data: intent
        ? [
            {
              id: newId("inpay"),
              object: "invoice_payment",
              amount_paid: null,
              amount_requested: amount,
              created,
              currency,
              invoice: id,
              is_default: true,
              livemode: false,
              payment: { type: "payment_intent", payment_intent: intent.id },
              status: "open",
              status_transitions: { canceled_at: null, paid_at: null },
            },
          ]
        : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${id}`,
    },
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: preview ? "draft" : "open",
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
}

export function portalSessionObject(customer: string, returnUrl: string | null) {
  const id = newId("bps");
  return {
    id,
    object: "billing_portal.session",
    configuration: newId("bpc"),
    created: now(),
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `https://billing.stripe.com/p/session/test_${newId("", 32).slice(1)}`,
  };
}

export interface StripeErrorBody {
  error: {
    type: "card_error" | "invalid_request_error" | "api_error" | "idempotency_error";
    message: string;
    code?: string;
    decline_code?: string;
    param?: string;
    doc_url?: string;
    payment_intent?: unknown;
    payment_method?: unknown;
  };
}

/** A request Stripe refuses: thrown by an endpoint, answered with its status and body. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.error.message);
  }
}

export const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}) =>
  ({ error: { type: "invalid_request_error", message, ...extra } }) satisfies StripeErrorBody;

export const noSuch = (kind: string, id: string, param?: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, { code: "resource_missing", ...(param ? { param } : {}) });

export const RATE_LIMITED_BODY: StripeErrorBody = {
  error: {
    type: "invalid_request_error",
    code: "rate_limit",
    message:
      "Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.",
    doc_url: "https://stripe.com/docs/error-codes/rate-limit",
  },
};

export const API_ERROR_BODY: StripeErrorBody = {
  error: {
    type: "api_error",
    message: "An unknown error occurred",
  },
};
