import { Button } from "../../components/button.tsx";
import { PlanTable } from "../../components/plan-table.tsx";
import type { Plan, PlansReply } from "../../lib/plans.ts";

interface PlanCardsProps {
  plans: PlansReply;
  onChoose: (plan: Plan) => void;
  /** The signed-in reader's own day and hour ("Friday at 18:00"), when they chose them. */
  yours?: string;
}

/**
 * The preview's plan cards (Solo, Premium, Pro), the recommended one's button primary. Each card says the
 * digest comes on the day and hour the reader chooses; one who chose already is told theirs above them.
 */
export function PlanCards({ plans, onChoose, yours }: PlanCardsProps) {
  return (
    <section id="plans" className="preview-plans" aria-labelledby="preview-plans-title">
      <h2 id="preview-plans-title">Choose your plan</h2>
      <p className="preview-plans-lead">
        {yours ? `Every plan e-mails your digest on your day: ${yours}. ` : null}No card needed for the free
        days. Cancel anytime.
      </p>
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
