import Stripe from "stripe";
import { PLANS, type Plan } from "../../plans/plans.ts";
import {
  BadSignatureError,
  CardDeclinedError,
  type CardEvent,
  type CardPayments,
  type PendingConfirmation,
  type RemoteSubscription,
  type TakenPayment,
} from "./card-payments.ts";
import { type StripeCallObserver, stripeResource } from "./stripe-calls.ts";

export interface StripeSettings {
  secretKey: string;
  publishableKey?: string | undefined;
  webhookSecret?: string | undefined;
  /** Another address for the API (the fake in tests): `http://127.0.0.1:12111`. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

/** A price is found by this key, so a new Stripe account needs no setup and a price change makes a new price. */
const lookupKey = (plan: Plan) => `tubedigest_${plan.id}_monthly_${plan.priceCents}`;
const planOfLookupKey = (key: string | null | undefined) => PLANS.find((plan) => lookupKey(plan) === key)?.id;

const EXPAND_PAYMENT = ["latest_invoice.confirmation_secret", "latest_invoice.payments"];
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A move down waits for the period's end, while Stripe bills the lower price from the next period at
 * once: the subscription's metadata keeps the plan the current period was paid for, and that period's
 * end, so whoever reads it back (a webhook in any order) sees the same.
 */
const PAID_PLAN = "paid_plan";
const PAID_THROUGH = "paid_through";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The payment the browser confirms for an invoice not paid yet. */
function paymentToConfirm(invoice: string | Stripe.Invoice | null): PendingConfirmation | null {
  if (!invoice || typeof invoice === "string" || invoice.status === "paid") return null;
  const clientSecret = invoice.confirmation_secret?.client_secret;
  if (!clientSecret) return null;
  // The client secret starts with the payment intent's id, should the payments list be absent.
  const intentId = paymentIntentOf(invoice) ?? clientSecret.split("_secret_")[0] ?? "";
  return { kind: "payment", intentId, clientSecret, amountCents: invoice.amount_due };
}

function paymentIntentOf(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data.find((payment) => payment.payment.type === "payment_intent");
  return idOf(paid?.payment.payment_intent);
}

/** The setup intent the browser confirms to save the card of a subscription that starts with its trial. */
function setupToConfirm(setup: string | Stripe.SetupIntent | null): PendingConfirmation | null {
  if (!setup || typeof setup === "string" || !setup.client_secret) return null;
  return { kind: "setup", intentId: setup.id, clientSecret: setup.client_secret, amountCents: 0 };
}

function remoteSubscriptionOf(subscription: Stripe.Subscription): RemoteSubscription {
  const item = subscription.items.data[0];
  const periodEnd = item?.current_period_end ?? 0;
  const paidThrough = Number(subscription.metadata[PAID_THROUGH]);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status,
    plan: planOfLookupKey(item?.price.lookup_key),
    paidPlan:
      paidThrough === periodEnd
        ? PLANS.find((plan) => plan.id === subscription.metadata[PAID_PLAN])?.id
        : undefined,
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    defaultPaymentMethod: idOf(subscription.default_payment_method),
    endedForNonPayment:
      subscription.status === "unpaid" || subscription.cancellation_details?.reason === "payment_failed",
  };
}

/**
 * The payment a move up took at once on the saved card: the paid invoice it made, no older than the
 * moment it was prorated as of (so a replayed answer names it too, and an earlier change's never).
 */
function takenPayment(invoice: string | Stripe.Invoice | null, at: Date): TakenPayment | null {
  if (!invoice || typeof invoice === "string" || invoice.billing_reason !== "subscription_update")
    return null;
  if (invoice.created < seconds(at) || invoice.status !== "paid" || invoice.amount_paid === 0) return null;
  const paymentIntentId = paymentIntentOf(invoice);
  return paymentIntentId ? { paymentIntentId, amountCents: invoice.amount_paid } : null;
}

/** Runs a call about an object Stripe may no longer have (deleted, or canceled before): gone is done. */
async function unlessGone(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
    throw error;
  }
}

/** Card payments through Stripe's official SDK: customers, monthly subscriptions, holds and webhooks. */
export function createStripeCardPayments(settings: StripeSettings, calls?: StripeCallObserver): CardPayments {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? 20_000,
    ...(address
      ? {
          host: address.hostname,
          port: Number(address.port || (address.protocol === "https:" ? 443 : 80)),
          protocol: address.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  if (calls) {
    stripe.on("request", (request: Stripe.RequestEvent) =>
      calls.started({ method: request.method, resource: stripeResource(request.path) }),
    );
    stripe.on("response", (response: Stripe.ResponseEvent) =>
      calls.answered({
        method: response.method,
        resource: stripeResource(response.path),
        status: response.status,
        seconds: response.elapsed / 1000,
      }),
    );
  }
  const prices = new Map<string, Promise<string>>();

  async function findOrCreatePrice(plan: Plan): Promise<string> {
    const key = lookupKey(plan);
    const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    const product = await stripe.products.create(
      { name: `tubedigest ${plan.name}`, description: plan.description, metadata: { plan: plan.id } },
      { idempotencyKey: `product-${key}` },
    );
    const price = await stripe.prices.create(
      {
        product: product.id,
        unit_amount: plan.priceCents,
        currency: "usd",
        recurring: { interval: "month" },
        lookup_key: key,
        metadata: { plan: plan.id },
      },
      { idempotencyKey: `price-${key}` },
    );
    return price.id;
  }

  async function itemOf(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0];
    if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
    return item;
  }

  /** Asked once per process and plan; a failed lookup is asked again next time. */
  function priceOf(plan: Plan): Promise<string> {
    const key = lookupKey(plan);
    let price = prices.get(key);
    if (!price) {
      price = findOrCreatePrice(plan);
      prices.set(key, price);
      price.catch(() => prices.delete(key));
    }
    return price;
  }

  return {
    publishableKey: settings.publishableKey,

    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    async startSubscription({ userId, customerId, plan, key, trialEnd }) {
      const subscription = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceOf(plan) }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          ...(trialEnd
            ? {
                trial_end: seconds(trialEnd),
                // A trial whose card was never saved ends with it rather than invoicing nobody.
                trial_settings: { end_behavior: { missing_payment_method: "cancel" as const } },
              }
            : {}),
          metadata: { userId, plan: plan.id },
          expand: [...EXPAND_PAYMENT, "pending_setup_intent"],
        },
        { idempotencyKey: `subscription-${key}` },
      );
      const confirmation = trialEnd
        ? setupToConfirm(subscription.pending_setup_intent)
        : paymentToConfirm(subscription.latest_invoice);
      if (!confirmation) throw new Error(`Subscription ${subscription.id} has nothing to confirm`);
      return { subscriptionId: subscription.id, confirmation };
    },

    async previewPlanChange({ customerId, subscriptionId, plan, at }) {
      const item = await itemOf(subscriptionId);
      const preview = await stripe.invoices.createPreview({
        customer: customerId,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: await priceOf(plan) }],
          proration_behavior: "always_invoice",
          proration_date: seconds(at),
        },
      });
      return preview.amount_due;
    },

    async changePlan({ subscriptionId, plan, billing, at, key }) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
      const paidPlan = remoteSubscriptionOf(current).paidPlan ?? planOfLookupKey(item.price.lookup_key);
      const later = billing === "from-next-period" && paidPlan !== plan.id;
      const metadata = later
        ? { plan: plan.id, [PAID_PLAN]: String(paidPlan), [PAID_THROUGH]: String(item.current_period_end) }
        : { plan: plan.id, [PAID_PLAN]: "", [PAID_THROUGH]: "" };
      try {
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: item.id, price: await priceOf(plan) }],
            ...(billing === "prorated-now"
              ? {
                  proration_behavior: "always_invoice" as const,
                  proration_date: seconds(at),
                  // Paid now on the saved card, or nothing changes: no higher plan without paying for it.
                  payment_behavior: "error_if_incomplete" as const,
                }
              : { proration_behavior: "none" as const }),
            metadata,
            expand: EXPAND_PAYMENT,
          },
          { idempotencyKey: `change-plan-${key}` },
        );
        return {
          subscription: remoteSubscriptionOf(updated),
          payment: billing === "prorated-now" ? takenPayment(updated.latest_invoice, at) : null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
        throw error;
      }
    },

    async abandonSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `abandon-${subscriptionId}` });
    },

    async subscription(subscriptionId) {
      return remoteSubscriptionOf(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async payment(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      return { status: intent.status, amountCents: intent.amount, customerId: idOf(intent.customer) };
    },

    async setupIntent(setupIntentId) {
      const setup = await stripe.setupIntents.retrieve(setupIntentId);
      return { status: setup.status, customerId: idOf(setup.customer) };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return remoteSubscriptionOf(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    async resume(subscriptionId) {
      return remoteSubscriptionOf(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
    },

    async cancelNow(subscriptionId) {
      await unlessGone(() =>
        stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-now-${subscriptionId}` }),
      );
    },

    async deleteCustomer(customerId) {
      await unlessGone(() => stripe.customers.del(customerId));
    },

    async updateCustomerEmail(customerId, email) {
      await unlessGone(() => stripe.customers.update(customerId, { email }));
    },

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async hold({ customerId, paymentMethod, amountCents, key, description }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "usd",
            customer: customerId,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            capture_method: "manual",
            description,
          },
          { idempotencyKey: `hold-${key}` },
        );
        if (intent.status !== "requires_capture") {
          throw new CardDeclinedError("Your card could not be charged. Please update your card in Settings.");
        }
        return intent.id;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(error.message);
        throw error;
      }
    },

    async capture(paymentIntentId) {
      await stripe.paymentIntents.capture(
        paymentIntentId,
        {},
        { idempotencyKey: `capture-${paymentIntentId}` },
      );
    },

    async release(paymentIntentId) {
      await stripe.paymentIntents.cancel(
        paymentIntentId,
        {},
        { idempotencyKey: `release-${paymentIntentId}` },
      );
    },

    verifyEvent(rawBody, signature) {
      if (!settings.webhookSecret) throw new BadSignatureError("No webhook secret is configured");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new BadSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
      return cardEventOf(event);
    },
  };
}

function cardEventOf(event: Stripe.Event): CardEvent {
  const object = event.data.object as unknown as Record<string, unknown> & { object?: string; id?: string };
  const about = { subscriptionId: undefined, paymentIntentId: undefined, invoice: undefined };
  if (object.object === "subscription")
    return { id: event.id, type: event.type, ...about, subscriptionId: object.id };
  if (object.object === "invoice") {
    const invoice = object as unknown as Stripe.Invoice;
    return {
      id: event.id,
      type: event.type,
      ...about,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? undefined,
      invoice: {
        amountDueCents: invoice.amount_due,
        nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
      },
    };
  }
  if (object.object === "payment_intent") {
    return { id: event.id, type: event.type, ...about, paymentIntentId: object.id };
  }
  return { id: event.id, type: event.type, ...about };
}
