import type { PlanReply, PlansReply } from "@tubedigest/contracts/plans";
import { useApi } from "./use-api.ts";

/** One plan as GET /api/plans describes it (billing's PlanReply). */
export type Plan = PlanReply;

/** GET /api/plans: every number the web app shows about money; it keeps none of its own. */
export type { PlansReply };

export function usePlans() {
  const { data, error, isLoading } = useApi<PlansReply>("/api/plans");
  return { plans: data, error, isLoading };
}

export function planById(plans: PlansReply, id: string): Plan | undefined {
  return plans.plans.find((plan) => plan.id === id);
}

/** The plan a number of channels needs (docs/product.md#prices), by the server's tiers. */
export function planForChannelCount(plans: PlansReply, count: number): Plan | undefined {
  const tier = plans.channelCountTiers.find(
    (candidate) => candidate.upToChannels === null || count <= candidate.upToChannels,
  );
  return tier ? planById(plans, tier.plan) : undefined;
}

/** The tiers a pricing table shows, in the server's order. */
export function offeredPlans(plans: PlansReply): Plan[] {
  return plans.offeredPlans.map((id) => planById(plans, id)).filter((plan) => plan !== undefined);
}

/**
 * A plan's price as every page offers it: with the trial a plan chosen now starts with, "7 days free, then
 * $9.99/month"; after the free days, "$9.99/month".
 */
export function planOffer(plans: PlansReply, plan: Plan, withTrial: boolean): string {
  const monthly = `${plan.priceLabel}/month`;
  return withTrial ? `${plans.trialDays} days free, then ${monthly}` : monthly;
}

/** The smallest tier offered that allows more channels than `allowance`; undefined when none does. */
export function planAllowingMore(plans: PlansReply, allowance: number): Plan | undefined {
  return offeredPlans(plans)
    .filter((plan) => plan.channelAllowance > allowance)
    .sort((a, b) => a.channelAllowance - b.channelAllowance)[0];
}
