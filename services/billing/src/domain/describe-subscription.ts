import type { SubscriptionReply } from "@tubedigest/contracts/subscription";
import { planById } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";

/** The user's plan as the dashboard and settings show it; current-user takes status and plan from it. */
export async function describeSubscription(
  context: BillingContext,
  userId: string,
): Promise<SubscriptionReply> {
  const [account, subscription] = await Promise.all([
    new AccountRepository(context.db).find(userId),
    new SubscriptionRepository(context.db).find(userId),
  ]);
  const now = context.now();
  const paid = subscription !== undefined && subscription.status !== "ended";
  const plan = paid ? planById(subscription.plan) : undefined;
  // An account billing has not heard of yet is minutes old: it is on its trial.
  const trialRunning =
    !paid && (!account || (account.trial_ended_at === null && account.trial_ends_at > now));
  return {
    status: paid ? "active" : trialRunning ? "trial" : "expired",
    plan: plan?.id ?? null,
    planName: plan?.name ?? null,
    priceCents: plan?.priceCents ?? null,
    channelAllowance: plan?.channelAllowance ?? null,
    currentPeriodEnd: paid ? subscription.current_period_end.toISOString() : null,
    cancelAtPeriodEnd: paid ? subscription.cancel_at_period_end : false,
    paymentPastDue: paid && subscription.status === "past_due",
    testMode: paid ? subscription.test_mode : false,
    trialEndsAt: account && trialRunning ? account.trial_ends_at.toISOString() : null,
    canManageBilling: context.cards !== undefined && Boolean(account?.stripe_customer_id),
  };
}
