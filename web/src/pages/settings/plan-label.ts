import { formatUsd } from "../../lib/money.ts";
import { type PlansReply, planById } from "../../lib/plans.ts";
import type { Subscription } from "./use-subscription.ts";

export interface PlanLabel {
  name: string;
  price: string;
}

/**
 * The real plan name and monthly price from GET /api/plans; the earlier 'Weekly Digest' /
 * 'Real-Time Updates' and per-channel prices only for a subscription stored under those old names.
 */
export function planLabel(subscription: Subscription, plans: PlansReply): PlanLabel {
  const legacy = plans.legacySettingsLabels.find((label) => label.plan === subscription.plan);
  if (legacy) {
    return { name: legacy.label, price: `${formatUsd(legacy.perChannelCents / 100)} per channel per month` };
  }
  const plan = subscription.plan ? planById(plans, subscription.plan) : undefined;
  // "Premium Plan", as the dashboard names an active plan.
  const name = `${plan?.name ?? subscription.planName ?? "Your"} Plan`;
  const cents = plan?.priceCents ?? subscription.priceCents;
  return { name, price: cents === null ? "" : `${formatUsd(cents / 100)} per month` };
}
