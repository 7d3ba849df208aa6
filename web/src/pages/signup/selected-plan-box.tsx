import { formatUsd } from "../../lib/money.ts";
import { planById, usePlans } from "../../lib/plans.ts";

/**
 * The plan and price kept from /preview (docs/product.md#sign-up), named as the server names it, with the
 * trial every plan starts with said as everywhere a plan is offered: "7 days free, then $9.99/month".
 */
export function SelectedPlanBox({ plan, price }: { plan: string; price: number }) {
  const { plans } = usePlans();
  const name = (plans && planById(plans, plan)?.name) ?? plan.charAt(0).toUpperCase() + plan.slice(1);
  return (
    <div className="selected-plan">
      <p className="selected-plan-label">Selected Plan</p>
      <p className="selected-plan-name">
        {name}{" "}
        <span className="selected-plan-price">
          {plans ? `${plans.trialDays} days free, then ` : ""}
          {formatUsd(price)}/month
        </span>
      </p>
    </div>
  );
}
