import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import type { Plan } from "../../lib/plans.ts";

/** Checkout for a reader who has a plan: it is changed in Settings › Subscription, not bought again. */
export function HasPlanAlready({ plan }: { plan: Plan }) {
  return (
    <div className="checkout-has-plan">
      <p>
        You already have the {plan.name} plan. Moving to another takes effect at once or at the end of your
        billing period; see what it costs before you confirm.
      </p>
      <Link className={buttonClass("primary")} href="/settings?tab=subscription">
        Change Plan
      </Link>
    </div>
  );
}
