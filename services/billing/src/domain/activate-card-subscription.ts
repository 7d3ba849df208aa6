import { HttpError } from "@tubedigest/http/http-error";
import type { CardPayments } from "../adapters/stripe/card-payments.ts";
import { type Account, AccountRepository } from "../store/account-repository.ts";
import { type Checkout, CheckoutRepository } from "../store/checkout-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * Activates what a checkout's confirmation bought (`POST /api/subscribe`, checkout shape:
 * docs/product.md#api) — only once Stripe, asked by the server, says so: the payment succeeded for the
 * checkout's amount, or (a plan chosen during the trial) the setup intent succeeded and the subscription
 * keeps the card saved for its first charge. The browser's word is never enough. Asking twice, or after
 * the webhook already did it, changes nothing more.
 */
export async function activateCardSubscription(
  context: BillingContext,
  input: { account: Account; intentId: string; correlationId: string },
): Promise<void> {
  const cards = requireCards(context);
  const userId = input.account.user_id;
  const checkout = await new CheckoutRepository(context.db).find(input.intentId);
  if (!checkout || checkout.user_id !== userId) throw new HttpError(404, messages.paymentNotForAccount);
  await confirmedByStripe(context, cards, checkout, input.account);
  const remote = await askStripe(context, "read subscription", () =>
    cards.subscription(checkout.stripe_subscription_id),
  );
  // A trial's card is on the subscription once Stripe has attached it; until then there is nothing to activate.
  if (checkout.kind === "trial" && (remote.status !== "trialing" || remote.defaultPaymentMethod === null)) {
    throw new HttpError(402, messages.cardNotConfirmed);
  }
  await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
    await new CheckoutRepository(trx).complete(checkout.intent_id, context.now());
  });
}

/** Stripe's word that the checkout's payment, or its setup intent, succeeded; else a 402. */
async function confirmedByStripe(
  context: BillingContext,
  cards: CardPayments,
  checkout: Checkout,
  account: Account,
): Promise<void> {
  if (checkout.kind === "trial") {
    const setup = await askStripe(context, "read setup intent", () => cards.setupIntent(checkout.intent_id));
    if (setup.status !== "succeeded" || setup.customerId !== account.stripe_customer_id) {
      throw new HttpError(402, messages.cardNotConfirmed);
    }
    return;
  }
  const payment = await askStripe(context, "read payment", () => cards.payment(checkout.intent_id));
  if (payment.status !== "succeeded" || payment.amountCents !== checkout.amount_cents) {
    throw new HttpError(402, messages.paymentUnknown);
  }
}
