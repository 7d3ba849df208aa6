import type { ReactNode } from "react";
import { offeredPlans, type Plan, type PlansReply } from "../lib/plans.ts";
import { PlanCard } from "./plan-card.tsx";

interface PlanTableProps {
  plans: PlansReply;
  /** Each card's one action; `recommended` marks the card whose action is the page's primary one. */
  action: (plan: Plan, recommended: boolean) => ReactNode;
}

/** The tiers the server offers, side by side on a wide screen, the recommended one marked. */
export function PlanTable({ plans, action }: PlanTableProps) {
  return (
    <ul className="plan-list">
      {offeredPlans(plans).map((plan) => {
        const recommended = plan.id === plans.recommendedPlan;
        return (
          <li key={plan.id}>
            <PlanCard plan={plan} trialDays={plans.trialDays} recommended={recommended}>
              {action(plan, recommended)}
            </PlanCard>
          </li>
        );
      })}
    </ul>
  );
}
