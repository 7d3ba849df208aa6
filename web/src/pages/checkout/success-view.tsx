import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { useCurrentUser } from "../../lib/current-user.ts";
import { formatDate } from "../../lib/format-date.ts";
import { formatUsd } from "../../lib/money.ts";
import type { Plan } from "../../lib/plans.ts";
import type { ActivatedSubscription } from "./activation.ts";
import { useGoToDashboard } from "./use-go-to-dashboard.ts";

interface SuccessViewProps {
  subscription: ActivatedSubscription;
  /** The plan bought, for what the server's answer leaves out. */
  plan: Plan;
  email: string | undefined;
}

/**
 * 'Subscription Activated!' (docs/product.md#checkout): what was bought, what it charged today and when it
 * charges next (a plan chosen during the free days: nothing until they end), what happens next, and where
 * to go.
 */
export function SuccessView({ subscription, plan, email }: SuccessViewProps) {
  const dashboard = useGoToDashboard(email);
  const price = subscription.priceCents === null ? plan.priceLabel : formatUsd(subscription.priceCents / 100);
  const firstCharge = subscription.status === "trial" ? subscription.trialEndsAt : null;
  // A plan started with channels followed mails this week's digest at once (the summariser's first digest).
  const { user } = useCurrentUser();
  const following = (user?.channelCount ?? 0) > 0;
  return (
    <section className="container checkout checkout-success">
      <Card className="checkout-success-card">
        <h1>Subscription Activated!</h1>
        <dl>
          <div>
            <dt>Plan</dt>
            <dd>{subscription.planName ?? plan.name}</dd>
          </div>
          <div>
            <dt>Monthly price</dt>
            <dd>{price}/month</dd>
          </div>
          <div>
            <dt>Channels</dt>
            <dd>Up to {subscription.channelAllowance ?? plan.channelAllowance}</dd>
          </div>
          {firstCharge ? (
            <>
              <div>
                <dt>Due today</dt>
                <dd>{formatUsd(0)}</dd>
              </div>
              <div>
                <dt>First charge</dt>
                <dd>
                  {price} on {formatDate(firstCharge)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
        <h2>What happens next?</h2>
        <p className="notice checkout-first-digest">
          {following
            ? "Your first digest is on its way: this week's videos from your channels, summarised and e-mailed in a few minutes."
            : "Add channels on your dashboard, and your first digest is e-mailed as soon as you do."}
        </p>
        <p>
          Your first newsletter arrives within 7 days at the latest. After that, a summary of your channels'
          new videos lands in your inbox every week, on the day and hour you choose (Monday 9:00 AM unless you
          change it in Settings).
        </p>
        <div className="checkout-actions">
          <Button onClick={dashboard.go} busy={dashboard.busy} busyLabel="Opening your dashboard...">
            Go to Your Dashboard
          </Button>
          <Link className={buttonClass("secondary")} href="/">
            Return to Home
          </Link>
        </div>
      </Card>
    </section>
  );
}
