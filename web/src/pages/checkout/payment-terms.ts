import { formatDate } from "../../lib/format-date.ts";
import { formatUsd } from "../../lib/money.ts";
import type { Plan } from "../../lib/plans.ts";

/** What a plan chosen at checkout starts with: the free days left (nothing charged until they end), or none. */
export interface CheckoutTerms {
  withTrial: boolean;
  /** When the free days end and the plan is first charged; null while the server has not said. */
  firstChargeAt: string | null;
}

/**
 * What checking out charges today and then (docs/product.md#checkout): during the free days the card is
 * saved and nothing charged until they end; after them the first month today.
 */
export function paymentTerms(terms: CheckoutTerms, plan: Plan): string {
  const monthly = `${plan.priceLabel}/month`;
  if (!terms.withTrial) return `Due today ${plan.priceLabel}, then ${monthly} until you cancel.`;
  const from = terms.firstChargeAt ? `from ${formatDate(terms.firstChargeAt)}` : "when your free days end";
  return `Due today ${formatUsd(0)}, then ${monthly} ${from}. Your card is saved now and first charged then; cancel before and nothing is charged.`;
}
