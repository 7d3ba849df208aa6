import { HttpError } from "@tubedigest/http/http-error";
import type { Plan } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { CheckoutRepository } from "../store/checkout-repository.ts";
import type { Subscription } from "../store/subscription-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import type { CheckoutPayment } from "./create-checkout.ts";
import type { AccountHolder } from "./find-account.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * Moves a card subscriber to another plan on the same subscription, prorated: a higher plan once its
 * invoice is paid (its payment is answered for the browser to confirm), a lower one at once. Only the
 * signed-in owner may: a visitor's claim starts a first subscription and changes none. Stripe is asked
 * first, outside any transaction, with a key naming the switch from this state of the subscription, so
 * asking again invoices once; what it answered is then recorded.
 */
export async function switchCardPlan(
  context: BillingContext,
  input: { holder: AccountHolder; subscription: Subscription; plan: Plan; correlationId: string },
): Promise<CheckoutPayment> {
  const { subscription, plan } = input;
  const subscriptionId = subscription.stripe_subscription_id;
  if (subscriptionId === null) throw new Error("A card plan switch needs a card subscription");
  if (subscription.plan === plan.id) throw new HttpError(409, messages.alreadyOnPlan);
  if (input.holder.standing !== "owner") throw new HttpError(401, messages.signInToChangePlan);
  const cards = requireCards(context);
  const userId = subscription.user_id;
  const key = `${subscriptionId}-${subscription.plan}-to-${plan.id}-${subscription.updated_at.getTime()}`;
  const payment = await askStripe(context, "switch plan", () =>
    cards.switchPlan({ subscriptionId, plan, key }),
  );
  if (!payment) {
    const remote = await askStripe(context, "read subscription", () => cards.subscription(subscriptionId));
    await context.db.transaction().execute(async (trx) => {
      await new AccountRepository(trx).lock(userId);
      await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
    });
    return { clientSecret: null, amountCents: 0 };
  }
  await new CheckoutRepository(context.db).insertIfAbsent({
    payment_intent_id: payment.paymentIntentId,
    user_id: userId,
    plan: plan.id,
    kind: "switch",
    stripe_subscription_id: subscriptionId,
    amount_cents: payment.amountCents,
    client_secret: payment.clientSecret,
    created_at: context.now(),
  });
  return { clientSecret: payment.clientSecret, amountCents: payment.amountCents };
}
