import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { type Plan, type PlansReply, planById } from "../../lib/plans.ts";

/** SPEC §2 /preview: three plan cards, Solo, Premium and Pro (SPEC §9's checkout plans). */
const PREVIEW_PLANS = ["solo", "premium", "pro"];

interface PlanCardsProps {
  plans: PlansReply;
  onChoose: (plan: Plan) => void;
}

export function PlanCards({ plans, onChoose }: PlanCardsProps) {
  const offered = PREVIEW_PLANS.map((id) => planById(plans, id)).filter((plan) => plan !== undefined);
  return (
    <section id="plans" className="preview-plans" aria-labelledby="preview-plans-title">
      <h2 id="preview-plans-title">Choose your plan</h2>
      <ul className="preview-plan-list">
        {offered.map((plan) => (
          <li key={plan.id}>
            <Card className="preview-plan">
              <h3>{plan.name}</h3>
              <p className="preview-plan-price">
                {plan.priceLabel}
                <span>/month</span>
              </p>
              <p className="preview-plan-description">{plan.description}</p>
              <Button onClick={() => onChoose(plan)}>Choose {plan.name}</Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
