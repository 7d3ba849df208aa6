import type { ReactNode } from "react";
import type { Plan } from "../lib/plans.ts";
import { Card } from "./card.tsx";

interface PlanCardProps {
  plan: Plan;
  /** The free days every plan starts with (GET /api/plans' trialDays). */
  trialDays: number;
  recommended: boolean;
  /** The card's one action, at its foot. */
  children: ReactNode;
}

/**
 * One tier as every pricing table shows it: its name, the trial and the price in one sentence ("7 days
 * free, then $9.99/month"), what it is for and what it gives; the recommended tier marked as such.
 */
export function PlanCard({ plan, trialDays, recommended, children }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      className={["plan-card", recommended ? "plan-card-recommended" : null].filter(Boolean).join(" ")}
      role="group"
      aria-labelledby={titleId}
    >
      <div className="plan-card-head">
        <h3 id={titleId}>{plan.name}</h3>
        {recommended ? <span className="plan-card-badge">Recommended</span> : null}
      </div>
      <p className="plan-card-price">
        <span className="plan-card-trial">{trialDays} days free, then</span>{" "}
        <strong>{plan.priceLabel}</strong>
        <span className="plan-card-period">/month</span>
      </p>
      <p className="plan-card-description">{plan.description}</p>
      <ul className="plan-card-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card-action">{children}</div>
    </Card>
  );
}
