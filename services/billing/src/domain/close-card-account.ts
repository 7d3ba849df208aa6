import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";

/**
 * Before a deleted account's records go: its card subscription is cancelled at Stripe at once (no more
 * charges, no refund of the month begun), single summary charges still held are released, and the Stripe
 * customer is deleted, which removes the saved card and contact details; the invoices Stripe issued stay
 * with Stripe, the record tax law asks for. Every call is safe to repeat (a retried erasure), and none
 * runs inside a transaction. An account that never paid by card asks nothing of Stripe.
 */
export async function closeCardAccount(context: BillingContext, userId: string): Promise<void> {
  const account = await new AccountRepository(context.db).find(userId);
  const subscription = await new SubscriptionRepository(context.db).find(userId);
  const held = await context.db
    .selectFrom("holds")
    .select("payment_intent_id")
    .where("user_id", "=", userId)
    .where("status", "=", "held")
    .where("payment_intent_id", "is not", null)
    .execute();
  const subscriptionId =
    subscription?.status === "ended" ? null : (subscription?.stripe_subscription_id ?? null);
  const customerId = account?.stripe_customer_id ?? null;
  if (!subscriptionId && !customerId && held.length === 0) return;
  const cards = context.cards;
  // Without Stripe's key nothing here can stop the card being charged: the erasure waits (the bus
  // retries, then keeps it as a dead letter for an operator) rather than forget a live subscription.
  if (!cards) throw new Error(`account ${userId} has a Stripe customer, but Stripe is not configured`);
  if (subscriptionId) await cards.cancelNow(subscriptionId);
  for (const hold of held) if (hold.payment_intent_id) await cards.release(hold.payment_intent_id);
  if (customerId) await cards.deleteCustomer(customerId);
  context.log.info({ userId }, "card account closed at Stripe for a deleted account");
}
