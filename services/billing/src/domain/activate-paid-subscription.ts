import { HttpError } from "@tubedigest/http/http-error";
import { type Account, AccountRepository } from "../store/account-repository.ts";
import { CheckoutRepository } from "../store/checkout-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * Activates what a checkout paid for (`POST /api/subscribe`, checkout shape: docs/product.md#api) — only once
 * Stripe, asked by the server, says the payment succeeded. The browser's word is never enough. Asking twice,
 * or after the webhook already did it, changes nothing more.
 */
export async function activatePaidSubscription(
  context: BillingContext,
  input: { account: Account; paymentIntentId: string; correlationId: string },
): Promise<void> {
  const cards = requireCards(context);
  const userId = input.account.user_id;
  const checkout = await new CheckoutRepository(context.db).find(input.paymentIntentId);
  if (!checkout || checkout.user_id !== userId) throw new HttpError(404, messages.paymentNotForAccount);
  const payment = await askStripe(context, "read payment", () => cards.payment(checkout.payment_intent_id));
  if (payment.status !== "succeeded" || payment.amountCents !== checkout.amount_cents) {
    throw new HttpError(402, messages.paymentUnknown);
  }
  const remote = await askStripe(context, "read subscription", () =>
    cards.subscription(checkout.stripe_subscription_id),
  );
  await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
    await new CheckoutRepository(trx).complete(checkout.payment_intent_id, context.now());
  });
}
