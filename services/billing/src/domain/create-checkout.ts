import { HttpError } from "@tubedigest/http/http-error";
import type { CardPayments } from "../adapters/stripe/card-payments.ts";
import { type Plan, planNamed } from "../plans/plans.ts";
import { type Account, AccountRepository } from "../store/account-repository.ts";
import { CheckoutRepository } from "../store/checkout-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import type { AccountHolder } from "./find-account.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";
import { switchCardPlan } from "./switch-card-plan.ts";

/** Stripe drops a subscription still unpaid after 23 hours; an open checkout older than that is not reused. */
const OPEN_CHECKOUT_MS = 23 * 60 * 60 * 1000;

export interface CheckoutPayment {
  /** Null when a plan switch owes nothing and took effect at once. */
  clientSecret: string | null;
  amountCents: number;
}

const isPayingByCard = (
  subscription: { status: string; stripe_subscription_id: string | null } | undefined,
) =>
  subscription !== undefined &&
  subscription.status !== "ended" &&
  subscription.stripe_subscription_id !== null;

/**
 * Starts paying for a plan (`POST /api/create-payment-intent`, docs/product.md#checkout): the server's price,
 * never the client's — an amount that disagrees is refused. A first checkout makes a Stripe customer and a
 * monthly subscription waiting for its first payment; a subscriber choosing another plan has theirs switched,
 * prorated, so nobody holds two — and only when they are signed in. Asking again for the same plan gives the
 * same payment.
 *
 * Stripe is asked outside any transaction and row lock, so a slow answer holds up nobody else (under the
 * embedded product every service's transactions share one connection). Each call carries a key derived
 * from the state it starts from: a retry, or the same request twice at once, makes nothing twice, and
 * what Stripe answered is recorded afterwards in a short transaction that re-checks that state.
 */
export async function createCheckout(
  context: BillingContext,
  input: { holder: AccountHolder; planName: string; amountCents: number; correlationId: string },
): Promise<CheckoutPayment> {
  const plan = planNamed(input.planName);
  if (!plan) throw new HttpError(400, messages.unknownPlan);
  if (input.amountCents !== plan.priceCents) throw new HttpError(400, messages.amountMismatch);
  const cards = requireCards(context);
  const { account } = input.holder;
  const customerId = await customerOf(context, cards, account);
  const current = await new SubscriptionRepository(context.db).find(account.user_id);
  if (current && isPayingByCard(current)) {
    const { holder, correlationId } = input;
    return switchCardPlan(context, { holder, subscription: current, plan, correlationId });
  }
  return startFirstSubscription(context, cards, { userId: account.user_id, customerId, plan });
}

/** The account's Stripe customer, made on its first checkout; Stripe's key makes a second ask find the same. */
async function customerOf(context: BillingContext, cards: CardPayments, account: Account): Promise<string> {
  if (account.stripe_customer_id !== null) return account.stripe_customer_id;
  const { user_id: userId, email } = account;
  const made = await askStripe(context, "create customer", () => cards.createCustomer({ userId, email }));
  const accounts = new AccountRepository(context.db);
  await accounts.setCustomerIfAbsent(userId, made);
  return (await accounts.find(userId))?.stripe_customer_id ?? made;
}

async function startFirstSubscription(
  context: BillingContext,
  cards: CardPayments,
  input: { userId: string; customerId: string; plan: Plan },
): Promise<CheckoutPayment> {
  const { userId, plan } = input;
  const checkouts = new CheckoutRepository(context.db);
  const now = context.now();
  // The checkout this one follows names it: the same request again gets the same subscription from
  // Stripe, and a later checkout for the same plan (after another was chosen) a new one. Read before the
  // open checkout: a twin request recording its checkout between the two reads is then found open,
  // instead of being followed under a new key and paid for twice.
  const previous = await checkouts.latest(userId);
  const open = await checkouts.latestOpen(userId, new Date(now.getTime() - OPEN_CHECKOUT_MS));
  if (open?.kind === "new" && open.plan === plan.id) {
    return { clientSecret: open.client_secret, amountCents: open.amount_cents };
  }
  const key = `${userId}-${plan.id}-after-${previous?.payment_intent_id ?? "none"}`;
  const started = await askStripe(context, "start subscription", () =>
    cards.startSubscription({ userId, customerId: input.customerId, plan, key }),
  );
  const payment = started.payment;
  const superseded = await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    // Paid meanwhile, in another tab: this checkout would be a second subscription.
    if (isPayingByCard(await new SubscriptionRepository(trx).find(userId))) return undefined;
    const recorded = new CheckoutRepository(trx);
    await recorded.insertIfAbsent({
      payment_intent_id: payment.paymentIntentId,
      user_id: userId,
      plan: plan.id,
      kind: "new",
      stripe_subscription_id: started.subscriptionId,
      amount_cents: payment.amountCents,
      client_secret: payment.clientSecret,
      created_at: now,
    });
    // A checkout for another plan left half-way is dropped, so paying for this one leaves one subscription.
    return recorded.supersedeOpenFirstCheckouts(userId, payment.paymentIntentId, now);
  });
  if (superseded === undefined) {
    await dropUnpaid(context, cards, started.subscriptionId);
    throw new HttpError(409, messages.checkoutRaced);
  }
  for (const subscriptionId of superseded) await dropUnpaid(context, cards, subscriptionId);
  return { clientSecret: payment.clientSecret, amountCents: payment.amountCents };
}

/**
 * Cancels a subscription whose first payment never came. Failing is not the customer's problem: Stripe
 * drops it by itself once its first invoice is a day old, so it is logged and left.
 */
async function dropUnpaid(context: BillingContext, cards: CardPayments, subscriptionId: string) {
  try {
    await cards.abandonSubscription(subscriptionId);
  } catch (error) {
    context.log.warn(
      { err: error, subscriptionId },
      "an unpaid subscription was not dropped; Stripe expires it",
    );
  }
}
