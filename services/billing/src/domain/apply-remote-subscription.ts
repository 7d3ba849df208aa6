import type { Transaction } from "kysely";
import type { RemoteSubscription } from "../adapters/stripe/card-payments.ts";
import { DEFAULT_PLAN } from "../plans/plans.ts";
import type { BillingDatabase, SubscriptionStatus } from "../store/database.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";

/** Stripe's statuses as access: a renewal still being retried keeps access; incomplete is not a subscription yet. */
function localStatusOf(remote: RemoteSubscription): SubscriptionStatus | undefined {
  switch (remote.status) {
    case "active":
    case "trialing":
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
 * the same whichever event asked. Call with the account locked.
 */
export async function applyRemoteSubscription(
  context: BillingContext,
  trx: Transaction<BillingDatabase>,
  userId: string,
  remote: RemoteSubscription,
  correlationId: string,
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
  await changeSubscription(
    context,
    trx,
    {
      user_id: userId,
      plan: remote.plan ?? current?.plan ?? DEFAULT_PLAN,
      status,
      test_mode: false,
      stripe_subscription_id: remote.id,
      current_period_end: remote.currentPeriodEnd,
      cancel_at_period_end: remote.cancelAtPeriodEnd,
      default_payment_method:
        remote.defaultPaymentMethod ?? (isCurrent ? current.default_payment_method : null),
      end_reason: status === "ended" ? (remote.endedForNonPayment ? "payment-failed" : "cancelled") : null,
      activated_at: isCurrent && current.status !== "ended" ? current.activated_at : now,
      updated_at: now,
    },
    correlationId,
  );
}
