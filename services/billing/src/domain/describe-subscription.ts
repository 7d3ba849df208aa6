import type { SubscriptionReply } from "@tubedigest/contracts/subscription";
import { planById } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { trialOffer } from "./trial-offer.ts";

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
  const inForce = subscription !== undefined && subscription.status !== "ended" ? subscription : undefined;
  const plan = inForce ? planById(inForce.plan) : undefined;
  // An account billing has not heard of yet is minutes old: it is on its trial.
  const freeDays = inForce ? null : account ? trialOffer(account, subscription, now) : undefined;
  const trialRunning =
    inForce?.status === "trialing" ||
    (!inForce && (!account || (account.trial_ended_at === null && account.trial_ends_at > now)));
  const trialEndsAt =
    inForce?.status === "trialing"
      ? inForce.current_period_end
      : account && trialRunning
        ? account.trial_ends_at
        : null;
  return {
    status: inForce && !trialRunning ? "active" : trialRunning ? "trial" : "expired",
    plan: plan?.id ?? null,
    planName: plan?.name ?? null,
    priceCents: plan?.priceCents ?? null,
    channelAllowance: plan?.channelAllowance ?? null,
    currentPeriodEnd: inForce ? inForce.current_period_end.toISOString() : null,
    cancelAtPeriodEnd: inForce ? inForce.cancel_at_period_end : false,
    scheduledPlan: inForce?.scheduled_plan ?? null,
    paymentPastDue: inForce?.status === "past_due",
    testMode: inForce ? inForce.test_mode : false,
    trialEndsAt: trialEndsAt ? trialEndsAt.toISOString() : null,
    trialAvailable: freeDays !== null,
    canManageBilling: context.cards !== undefined && Boolean(account?.stripe_customer_id),
  };
}
