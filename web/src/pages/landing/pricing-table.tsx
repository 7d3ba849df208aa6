import { Button } from "../../components/button.tsx";
import { PlanTable } from "../../components/plan-table.tsx";
import { askForChannelSearch } from "../../lib/channel-search-focus.ts";
import { usePlans } from "../../lib/plans.ts";

/**
 * The landing page's plans, from GET /api/plans. Each leads to the funnel's first step, picking a channel:
 * the plan itself is chosen after the preview.
 */
export default function PricingTable() {
  const { plans, error } = usePlans();
  if (error) return <p className="landing-note">The plans could not be loaded. Please reload the page.</p>;
  if (!plans) return <div className="landing-pricing-waiting" aria-hidden="true" />;
  return (
    <PlanTable
      plans={plans}
      action={(plan, recommended) => (
        <Button variant={recommended ? "primary" : "secondary"} onClick={askForChannelSearch}>
          Start with {plan.name}
        </Button>
      )}
    />
  );
}
