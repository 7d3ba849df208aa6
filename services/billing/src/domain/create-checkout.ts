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
import { trialOffer } from "./trial-offer.ts";

/** Stripe drops a subscription still unpaid after 23 hours; an open checkout older than that is not reused. */
const OPEN_CHECKOUT_MS = 23 * 60 * 60 * 1000;

/** What the browser confirms with Stripe's form, and what that charges today. */
export interface CheckoutConfirmation {
  clientSecret: string;
  /** A payment (charged now), or a setup intent (a plan chosen during the trial: the card saved, $0 today). */
  confirm: "payment" | "setup";
  amountCents: number;
  /** With a setup intent, when the free days end and the plan is first charged. */
  trialEndsAt: string | null;
}

const hasCardSubscription = (
  subscription: { status: string; stripe_subscription_id: string | null } | undefined,
) =>
  subscription !== undefined &&
  subscription.status !== "ended" &&
  subscription.stripe_subscription_id !== null;

/**
 * Starts a plan by card (`POST /api/create-payment-intent`, docs/product.md#checkout): the server's price,
 * never the client's — an amount that disagrees is refused. A first checkout makes a Stripe customer and
 * a monthly subscription: during the account's free days it starts with the trial ending when they do,
 * and the browser saves the card through its setup intent (nothing charged today); after them it waits
 * for its first payment. A reader who has a plan changes it in Settings instead. Asking again for the same
 * plan gives the same confirmation.
 *
 * Stripe is asked outside any transaction and row lock, so a slow answer holds up nobody else (under the
 * embedded product every service's transactions share one connection). Each call carries a key derived
 * from the state it starts from: a retry, or the same request twice at once, makes nothing twice, and
 * what Stripe answered is recorded afterwards in a short transaction that re-checks that state.
 */
export async function createCheckout(
  context: BillingContext,
  input: { holder: AccountHolder; planName: string; amountCents: number },
): Promise<CheckoutConfirmation> {
  const plan = planNamed(input.planName);
  if (!plan) throw new HttpError(400, messages.unknownPlan);
  if (input.amountCents !== plan.priceCents) throw new HttpError(400, messages.amountMismatch);
  const cards = requireCards(context);
  const { account } = input.holder;
  const current = await new SubscriptionRepository(context.db).find(account.user_id);
  if (current && current.status !== "ended") throw new HttpError(409, messages.changePlanInSettings);
  const customerId = await customerOf(context, cards, account);
  const trialEnd = trialOffer(account, current, context.now());
  return startFirstSubscription(context, cards, { userId: account.user_id, customerId, plan, trialEnd });
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
  input: { userId: string; customerId: string; plan: Plan; trialEnd: Date | null },
): Promise<CheckoutConfirmation> {
  const { userId, plan, trialEnd } = input;
  const kind = trialEnd ? "trial" : "new";
  const answer = (found: { clientSecret: string; amountCents: number }): CheckoutConfirmation => ({
    clientSecret: found.clientSecret,
    confirm: trialEnd ? "setup" : "payment",
    amountCents: found.amountCents,
    trialEndsAt: trialEnd?.toISOString() ?? null,
  });
  const checkouts = new CheckoutRepository(context.db);
  const now = context.now();
  // The checkout this one follows names it: the same request again gets the same subscription from
  // Stripe, and a later checkout for the same plan (after another was chosen) a new one. Read before the
  // open checkout: a twin request recording its checkout between the two reads is then found open,
  // instead of being followed under a new key and paid for twice.
  const previous = await checkouts.latest(userId);
  const open = await checkouts.latestOpen(userId, new Date(now.getTime() - OPEN_CHECKOUT_MS));
  if (open?.kind === kind && open.plan === plan.id && open.client_secret !== null) {
    return answer({ clientSecret: open.client_secret, amountCents: open.amount_cents });
  }
  const key = `${userId}-${plan.id}-${kind}-after-${previous?.intent_id ?? "none"}`;
  const started = await askStripe(context, "start subscription", () =>
    cards.startSubscription({ userId, customerId: input.customerId, plan, key, trialEnd }),
  );
  const { confirmation } = started;
  const superseded = await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    // Confirmed meanwhile, in another tab: this checkout would be a second subscription.
    if (hasCardSubscription(await new SubscriptionRepository(trx).find(userId))) return undefined;
    const recorded = new CheckoutRepository(trx);
    await recorded.insertIfAbsent({
      intent_id: confirmation.intentId,
      user_id: userId,
      plan: plan.id,
      kind,
      stripe_subscription_id: started.subscriptionId,
      amount_cents: confirmation.amountCents,
      client_secret: confirmation.clientSecret,
      created_at: now,
    });
    // A checkout for another plan left half-way is dropped, so confirming this one leaves one subscription.
    return recorded.supersedeOpenFirstCheckouts(userId, confirmation.intentId, now);
  });
  if (superseded === undefined) {
    await dropUnconfirmed(context, cards, started.subscriptionId);
    throw new HttpError(409, messages.checkoutRaced);
  }
  for (const subscriptionId of superseded) await dropUnconfirmed(context, cards, subscriptionId);
  return answer(confirmation);
}

/**
 * Cancels a subscription whose checkout was never confirmed. Failing is not the customer's problem: Stripe
 * drops an unpaid one by itself once its first invoice is a day old, and ends a trial without a card with
 * the trial, so it is logged and left.
 */
async function dropUnconfirmed(context: BillingContext, cards: CardPayments, subscriptionId: string) {
  try {
    await cards.abandonSubscription(subscriptionId);
  } catch (error) {
    context.log.warn(
      { err: error, subscriptionId },
      "an unconfirmed subscription was not dropped; Stripe ends it",
    );
  }
}
