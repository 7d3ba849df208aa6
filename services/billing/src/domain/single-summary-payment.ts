import type { CardPayments } from "../adapters/stripe/card-payments.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import { awaitAccount } from "./await-account.ts";
import type { BillingContext } from "./billing-context.ts";

/**
 * How a subscriber's single summary would be paid: on the card saved with their subscription;
 * with a test charge that takes no money (test mode, no card); or not at all (no card, test mode off).
 */
export type SingleSummaryPayment =
  | { kind: "card"; cards: CardPayments; customerId: string; paymentMethod: string }
  | { kind: "test" }
  | { kind: "none" };

/** Asked when the price is shown and again when the hold is placed, so both say the same. */
export async function singleSummaryPayment(
  context: BillingContext,
  userId: string,
): Promise<SingleSummaryPayment> {
  const account = await awaitAccount(context, userId);
  const subscription = await new SubscriptionRepository(context.db).find(userId);
  const paymentMethod = subscription?.status !== "ended" ? subscription?.default_payment_method : null;
  const customerId = account.stripe_customer_id;
  if (paymentMethod && customerId && context.cards) {
    return { kind: "card", cards: context.cards, customerId, paymentMethod };
  }
  return context.testMode ? { kind: "test" } : { kind: "none" };
}
