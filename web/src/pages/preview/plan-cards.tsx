import { Button } from "../../components/button.tsx";
import { PlanTable } from "../../components/plan-table.tsx";
import type { Plan, PlansReply } from "../../lib/plans.ts";

interface PlanCardsProps {
  plans: PlansReply;
  onChoose: (plan: Plan) => void;
}

/** The preview's plan cards (Solo, Premium, Pro), the recommended one's button primary. */
export function PlanCards({ plans, onChoose }: PlanCardsProps) {
  return (
    <section id="plans" className="preview-plans" aria-labelledby="preview-plans-title">
      <h2 id="preview-plans-title">Choose your plan</h2>
      <p className="preview-plans-lead">No card needed for the free days. Cancel anytime.</p>
      <PlanTable
        plans={plans}
        action={(plan, recommended) => (
          <Button variant={recommended ? "primary" : "secondary"} onClick={() => onChoose(plan)}>
            Choose {plan.name}
          </Button>
        )}
      />
    </section>
  );
}
