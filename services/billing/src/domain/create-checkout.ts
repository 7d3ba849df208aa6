import { HttpError } from "@tubedigest/http";
import { planNamed } from "../plans/plans.ts";
import { type Account, AccountRepository } from "../store/account-repository.ts";
import { CheckoutRepository } from "../store/checkout-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/** Stripe drops a subscription still unpaid after 23 hours; an open checkout older than that is not reused. */
const OPEN_CHECKOUT_MS = 23 * 60 * 60 * 1000;

export interface CheckoutPayment {
  /** Null when a plan switch owes nothing and took effect at once. */
  clientSecret: string | null;
  amountCents: number;
}

/**
 * Starts paying for a plan (SPEC §7 create-payment-intent): the server's price, never the client's —
 * an amount that disagrees is refused. A first checkout makes a Stripe customer and a monthly
 * subscription waiting for its first payment; a subscriber choosing another plan has theirs switched,
 * prorated, so nobody holds two. Asking again for the same plan gives the same payment.
 */
export async function createCheckout(
  context: BillingContext,
  input: { account: Account; planName: string; amountCents: number; correlationId: string },
): Promise<CheckoutPayment> {
  const plan = planNamed(input.planName);
  if (!plan) throw new HttpError(400, messages.unknownPlan);
  if (input.amountCents !== plan.priceCents) throw new HttpError(400, messages.amountMismatch);
  const cards = requireCards(context);
  const userId = input.account.user_id;

  return context.db.transaction().execute(async (trx) => {
    const account = await new AccountRepository(trx).lock(userId);
    if (!account) throw new HttpError(404, messages.noAccountForEmail);
    const checkouts = new CheckoutRepository(trx);
    const now = context.now();
    let customerId = account.stripe_customer_id;
    if (customerId === null) {
      const email = account.email;
      customerId = await askStripe(context, "create customer", () => cards.createCustomer({ userId, email }));
      await new AccountRepository(trx).setCustomer(userId, customerId);
    }

    const current = await new SubscriptionRepository(trx).find(userId);
    const paying = current && current.status !== "ended" && current.stripe_subscription_id !== null;
    if (paying && current.stripe_subscription_id !== null) {
      if (current.plan === plan.id) throw new HttpError(409, messages.alreadyOnPlan);
      const subscriptionId = current.stripe_subscription_id;
      const payment = await askStripe(context, "switch plan", () =>
        cards.switchPlan({ subscriptionId, plan }),
      );
      if (!payment) {
        const remote = await askStripe(context, "read subscription", () =>
          cards.subscription(subscriptionId),
        );
        await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
        return { clientSecret: null, amountCents: 0 };
      }
      await checkouts.insert({
        payment_intent_id: payment.paymentIntentId,
        user_id: userId,
        plan: plan.id,
        kind: "switch",
        stripe_subscription_id: subscriptionId,
        amount_cents: payment.amountCents,
        client_secret: payment.clientSecret,
        created_at: now,
      });
      return { clientSecret: payment.clientSecret, amountCents: payment.amountCents };
    }

    const open = await checkouts.latestOpen(userId, new Date(now.getTime() - OPEN_CHECKOUT_MS));
    if (open?.kind === "new") {
      if (open.plan === plan.id) return { clientSecret: open.client_secret, amountCents: open.amount_cents };
      // A checkout for another plan left half-way: drop it, so paying for this one leaves one subscription.
      await askStripe(context, "abandon subscription", () =>
        cards.abandonSubscription(open.stripe_subscription_id),
      );
      await checkouts.complete(open.payment_intent_id, now);
    }
    const customer = customerId;
    const started = await askStripe(context, "start subscription", () =>
      cards.startSubscription({ userId, customerId: customer, plan }),
    );
    await checkouts.insert({
      payment_intent_id: started.payment.paymentIntentId,
      user_id: userId,
      plan: plan.id,
      kind: "new",
      stripe_subscription_id: started.subscriptionId,
      amount_cents: started.payment.amountCents,
      client_secret: started.payment.clientSecret,
      created_at: now,
    });
    return { clientSecret: started.payment.clientSecret, amountCents: started.payment.amountCents };
  });
}
