import { formatDate } from "../../lib/format-date.ts";
import type { Plan } from "../../lib/plans.ts";
import type { TrialStanding } from "../../lib/use-trial-standing.ts";

/**
 * What paying at checkout does, and what is charged when, for where the reader stands: paying during the
 * free trial ends it and starts the paid month at once; after it, the same from today; on a plan already,
 * the change is at once and the difference settled now. Undefined standing: a visitor not signed in.
 */
export function paymentTerms(standing: TrialStanding | undefined, plan: Plan): string {
  const monthly = `${plan.priceLabel} today, then ${plan.priceLabel} every month until you cancel`;
  switch (standing?.status) {
    case "active":
      return `Your plan changes to ${plan.name} at once; the difference for the rest of this month is charged or credited now, then ${plan.priceLabel} every month.`;
    case "expired":
      return `Your free trial has ended. Paying starts your plan today: ${monthly}.`;
    case "trial":
      return `Your free trial runs${standing.trialEndsAt ? ` until ${formatDate(standing.trialEndsAt)}` : ""}. Paying now ends it and starts your paid plan at once: ${monthly}. Until you pay, nothing is charged.`;
    default:
      return `Paying now ends your free days and starts your paid plan at once: ${monthly}.`;
  }
}
