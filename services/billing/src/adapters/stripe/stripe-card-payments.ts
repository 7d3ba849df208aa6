import Stripe from "stripe";
import { PLANS, type Plan } from "../../plans/plans.ts";
import {
  BadSignatureError,
  CardDeclinedError,
  type CardEvent,
  type CardPayments,
  type PendingPayment,
  type RemoteSubscription,
} from "./card-payments.ts";

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

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

function pendingPaymentOf(invoice: string | Stripe.Invoice | null): PendingPayment | null {
  if (!invoice || typeof invoice === "string" || invoice.status === "paid") return null;
  const clientSecret = invoice.confirmation_secret?.client_secret;
  if (!clientSecret) return null;
  const paid = invoice.payments?.data.find((payment) => payment.payment.type === "payment_intent");
  // The client secret starts with the payment intent's id, should the payments list be absent.
  const paymentIntentId = idOf(paid?.payment.payment_intent) ?? clientSecret.split("_secret_")[0] ?? "";
  return { paymentIntentId, clientSecret, amountCents: invoice.amount_due };
}

function remoteSubscriptionOf(subscription: Stripe.Subscription): RemoteSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status,
    plan: planOfLookupKey(item?.price.lookup_key),
    currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    defaultPaymentMethod: idOf(subscription.default_payment_method),
    endedForNonPayment:
      subscription.status === "unpaid" || subscription.cancellation_details?.reason === "payment_failed",
  };
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
export function createStripeCardPayments(settings: StripeSettings): CardPayments {
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

    async startSubscription({ userId, customerId, plan, key }) {
      const subscription = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceOf(plan) }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { userId, plan: plan.id },
          expand: EXPAND_PAYMENT,
        },
        { idempotencyKey: `subscription-${key}` },
      );
      const payment = pendingPaymentOf(subscription.latest_invoice);
      if (!payment) throw new Error(`Subscription ${subscription.id} has no payment to confirm`);
      return { subscriptionId: subscription.id, payment };
    },

    async switchPlan({ subscriptionId, plan, key }) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
      const updated = await stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: await priceOf(plan) }],
          proration_behavior: "always_invoice",
          // The switch takes effect only once its invoice is paid: no higher plan without paying for it.
          payment_behavior: "pending_if_incomplete",
          metadata: { plan: plan.id },
          expand: EXPAND_PAYMENT,
        },
        { idempotencyKey: `switch-${key}` },
      );
      return pendingPaymentOf(updated.latest_invoice);
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

    async cancelAtPeriodEnd(subscriptionId) {
      return remoteSubscriptionOf(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
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
  if (object.object === "subscription") {
    return { id: event.id, type: event.type, subscriptionId: object.id, paymentIntentId: undefined };
  }
  if (object.object === "invoice") {
    const invoice = object as unknown as Stripe.Invoice;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? undefined;
    return { id: event.id, type: event.type, subscriptionId, paymentIntentId: undefined };
  }
  if (object.object === "payment_intent") {
    return { id: event.id, type: event.type, subscriptionId: undefined, paymentIntentId: object.id };
  }
  return { id: event.id, type: event.type, subscriptionId: undefined, paymentIntentId: undefined };
}
