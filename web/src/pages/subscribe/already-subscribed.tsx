import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import type { CurrentUser } from "../../lib/current-user.ts";
import { type PlansReply, planById } from "../../lib/plans.ts";

/**
 * /subscribe for a reader with a plan, paid or chosen during the trial (docs/product.md#subscribe): what they
 * have, and where to change it (Settings › Subscription).
 */
export function AlreadySubscribed({ user, plans }: { user: CurrentUser; plans: PlansReply }) {
  // A plan name billing no longer sells is priced as the default plan (docs/product.md#plans).
  const plan =
    (user.subscriptionPlan ? planById(plans, user.subscriptionPlan) : undefined) ??
    planById(plans, plans.defaultPlan);
  return (
    <Card className="subscribe-card">
      <h1>You're Already Subscribed</h1>
      <dl>
        <div>
          <dt>Channels</dt>
          <dd>{user.channelCount}</dd>
        </div>
        <div>
          <dt>Monthly price</dt>
          <dd>{plan?.priceLabel}/month</dd>
        </div>
      </dl>
      <div className="subscribe-actions">
        <Link className={buttonClass("primary")} href="/dashboard">
          Go to Dashboard
        </Link>
        <Link className={buttonClass("secondary")} href="/settings?tab=subscription">
          Manage Subscription
        </Link>
      </div>
    </Card>
  );
}
