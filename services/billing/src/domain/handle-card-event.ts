import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { BadSignatureError, type CardEvent } from "../adapters/stripe/card-payments.ts";
import { planById } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { CheckoutRepository } from "../store/checkout-repository.ts";
import { StripeEventRepository } from "../store/stripe-event-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { requireCards } from "./require-cards.ts";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * A Stripe webhook: renewals and trials' first charges paid or failed, a trial about to end, cancellations
 * reaching their end, a payment or a card saved after the browser closed. The signature is checked over
 * the exact bytes; the subscription is re-read from Stripe, so order does not matter; each event id is
 * acted on once, even when two deliveries of it run at the same time. A charge that failed on a
 * subscription now past due is announced (`subscription.payment-failed`): access goes on while Stripe
 * retries. A failure throws, and Stripe delivers the event again later.
 */
export async function handleCardEvent(
  context: BillingContext,
  input: { rawBody: Buffer; signature: string; correlationId: string },
): Promise<WebhookOutcome> {
  const cards = requireCards(context);
  let event: CardEvent;
  try {
    event = cards.verifyEvent(input.rawBody, input.signature);
  } catch (error) {
    if (error instanceof BadSignatureError) throw new HttpError(400, messages.badSignature);
    throw error;
  }
  const subscriptionId =
    event.subscriptionId ??
    (event.paymentIntentId
      ? (await new CheckoutRepository(context.db).find(event.paymentIntentId))?.stripe_subscription_id
      : undefined);
  const remote = subscriptionId ? await cards.subscription(subscriptionId) : undefined;
  const userId = remote ? await ownerOf(context, remote.id, remote.customerId) : undefined;
  if (remote && !userId)
    context.log.warn({ event: event.id, subscriptionId }, "webhook for a subscription nobody here owns");

  return context.db.transaction().execute(async (trx) => {
    if (!(await new StripeEventRepository(trx).record(event.id, event.type, context.now())))
      return "duplicate";
    if (!remote || !userId) return "ignored";
    await new AccountRepository(trx).lock(userId);
    await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
    if (event.paymentIntentId && event.type === "payment_intent.succeeded") {
      await new CheckoutRepository(trx).complete(event.paymentIntentId, context.now());
    }
    const current = await new SubscriptionRepository(trx).find(userId);
    if (
      event.type === "invoice.payment_failed" &&
      event.invoice &&
      current?.stripe_subscription_id === remote.id &&
      current.status === "past_due"
    ) {
      const plan = planById(current.plan);
      const data = {
        userId,
        plan: plan.id,
        channelAllowance: plan.channelAllowance,
        dailyDigest: plan.dailyDigest,
        planName: plan.name,
        amountCents: event.invoice.amountDueCents,
        failedAt: context.now().toISOString(),
        nextAttemptAt: event.invoice.nextAttemptAt?.toISOString() ?? null,
      };
      const meta = { correlationId: input.correlationId };
      await context.recordEvent(trx, createEvent("subscription.payment-failed", data, meta));
    }
    return "applied";
  });
}

async function ownerOf(context: BillingContext, subscriptionId: string, customerId: string) {
  const known = await new SubscriptionRepository(context.db).findByStripeId(subscriptionId);
  if (known) return known.user_id;
  const checkout = await new CheckoutRepository(context.db).findBySubscription(subscriptionId);
  if (checkout) return checkout.user_id;
  return (await new AccountRepository(context.db).findByCustomer(customerId))?.user_id;
}
