import type { Transaction } from "kysely";
import type { RemoteSubscription } from "../adapters/stripe/card-payments.ts";
import { DEFAULT_PLAN } from "../plans/plans.ts";
import type { BillingDatabase, SubscriptionStatus } from "../store/database.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";

/**
 * Stripe's statuses as access: a charge still being retried keeps access; a trial counts once its card is
 * saved for the first charge; incomplete, or a trial without a card, is not a subscription yet.
 */
function localStatusOf(remote: RemoteSubscription): SubscriptionStatus | undefined {
  switch (remote.status) {
    case "trialing":
      return remote.defaultPaymentMethod === null ? undefined : "trialing";
    case "active":
      return "active";
    case "past_due":
      return "past_due";
    case "canceled":
    case "unpaid":
    case "incomplete_expired":
    case "paused":
      return "ended";
    default:
      return undefined;
  }
}

/**
 * Makes the user's subscription what Stripe says it is. Webhooks arrive in any order and twice, so
 * billing never applies an event's snapshot: it re-reads the subscription and applies that, which is
 * the same whichever event asked. A move down waiting for the period's end reads back as the plan paid
 * for, with the lower one scheduled. `chargedCents`: what the change being applied took at once (a move
 * up's prorated payment), for its event. Call with the account locked.
 */
export async function applyRemoteSubscription(
  context: BillingContext,
  trx: Transaction<BillingDatabase>,
  userId: string,
  remote: RemoteSubscription,
  correlationId: string,
  chargedCents?: number,
): Promise<void> {
  const status = localStatusOf(remote);
  if (status === undefined) return;
  const current = await new SubscriptionRepository(trx).find(userId);
  const isCurrent = current?.stripe_subscription_id === remote.id;
  // An abandoned or replaced subscription ending says nothing about the one the user has now.
  if (status === "ended" && !isCurrent) return;
  if (!isCurrent && current && current.status !== "ended" && current.stripe_subscription_id !== null) {
    context.log.warn(
      { userId, replaced: current.stripe_subscription_id, by: remote.id },
      "a second card subscription became active; it replaces the first",
    );
  }
  const now = context.now();
  const billed = remote.plan ?? current?.plan ?? DEFAULT_PLAN;
  await changeSubscription(
    context,
    trx,
    {
      user_id: userId,
      plan: remote.paidPlan ?? billed,
      status,
      test_mode: false,
      stripe_subscription_id: remote.id,
      current_period_end: remote.currentPeriodEnd,
      cancel_at_period_end: remote.cancelAtPeriodEnd,
      default_payment_method:
        remote.defaultPaymentMethod ?? (isCurrent ? current.default_payment_method : null),
      end_reason: status === "ended" ? (remote.endedForNonPayment ? "payment-failed" : "cancelled") : null,
      scheduled_plan: status === "ended" || remote.paidPlan === undefined ? null : billed,
      activated_at: isCurrent && current.status !== "ended" ? current.activated_at : now,
      updated_at: now,
    },
    correlationId,
    chargedCents,
  );
}
