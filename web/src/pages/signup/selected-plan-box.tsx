import { formatUsd } from "../../lib/money.ts";
import { planById, usePlans } from "../../lib/plans.ts";

/** The plan and price kept from /preview (SPEC §2 /signup), named as the server names it. */
export function SelectedPlanBox({ plan, price }: { plan: string; price: number }) {
  const { plans } = usePlans();
  const name = (plans && planById(plans, plan)?.name) ?? plan.charAt(0).toUpperCase() + plan.slice(1);
  return (
    <div className="selected-plan">
      <p className="selected-plan-label">Selected Plan</p>
      <p className="selected-plan-name">
        {name} <span className="selected-plan-price">{formatUsd(price)}/month</span>
      </p>
    </div>
  );
}
