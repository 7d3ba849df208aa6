import { formatDate } from "../../lib/format-date.ts";
import { type PlansReply, planById } from "../../lib/plans.ts";
import type { Subscription } from "./use-subscription.ts";

/** A plan's one display name, from GET /api/plans, or the name billing gave it. */
const nameOf = (plans: PlansReply, id: string | null, fallback: string | null) =>
  (id ? planById(plans, id)?.name : undefined) ?? fallback ?? "your plan";

/**
 * The Subscription tab's status line for a reader with a plan (docs/product.md#settings): "Trial, then
 * Premium from {date}", "Cancels on {date}", a move down waiting for the period's end, a payment Stripe is
 * retrying, or "Active"; test mode says so.
 */
export function subscriptionStatus(subscription: Subscription, plans: PlansReply): string {
  const testMode = subscription.testMode ? " (test mode)" : "";
  const periodEnd = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : undefined;
  const name = nameOf(plans, subscription.plan, subscription.planName);
  if (subscription.cancelAtPeriodEnd && periodEnd) return `Cancels on ${periodEnd}${testMode}`;
  if (subscription.status === "trial" && subscription.trialEndsAt) {
    return `Trial, then ${name} from ${formatDate(subscription.trialEndsAt)}${testMode}`;
  }
  if (subscription.paymentPastDue) return "Payment failed: Stripe is trying your card again";
  if (subscription.scheduledPlan && periodEnd) {
    return `Active; moves to ${nameOf(plans, subscription.scheduledPlan, null)} on ${periodEnd}${testMode}`;
  }
  return `Active${testMode}`;
}
