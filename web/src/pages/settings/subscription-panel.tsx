import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { serverMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format-date.ts";
import { type PlansReply, usePlans } from "../../lib/plans.ts";
import { BillingPortalButton } from "./billing-portal-button.tsx";
import { CancelSubscription } from "./cancel-subscription.tsx";
import { EndTrialNow } from "./end-trial-now.tsx";
import { planLabel } from "./plan-label.ts";
import { PlanSwitcher } from "./plan-switcher.tsx";
import { ResumeSubscription } from "./resume-subscription.tsx";
import { subscriptionStatus } from "./subscription-status.ts";
import { type Subscription, useSubscription } from "./use-subscription.ts";

/**
 * The Subscription tab (docs/product.md#settings): the plan (paid, or chosen during the trial), its status
 * and the three tiers to move to, card and invoices through Stripe's portal, cancelling and resuming; with
 * no plan, the trial's end and the tiers to choose from.
 */
export function SubscriptionPanel() {
  const { data: subscription, error } = useSubscription();
  const { plans, error: plansError } = usePlans();
  const failure = error ?? plansError;
  if (failure) {
    return (
      <p className="settings-error">{serverMessage(failure) ?? "Your subscription could not be loaded."}</p>
    );
  }
  if (!subscription || !plans) {
    return (
      <div className="stack" aria-busy="true">
        <p className="visually-hidden">Loading your subscription</p>
        <Skeleton className="settings-skeleton" />
        <Skeleton className="settings-skeleton" />
      </div>
    );
  }
  if (!subscription.plan) return <NoPlan subscription={subscription} plans={plans} />;
  const label = planLabel(subscription, plans);
  const renews =
    subscription.status === "active" && !subscription.cancelAtPeriodEnd
      ? subscription.currentPeriodEnd
      : null;
  return (
    <div className="stack">
      <dl className="settings-facts">
        <div>
          <dt>Plan</dt>
          <dd>{label.name}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{label.price}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{subscriptionStatus(subscription, plans)}</dd>
        </div>
        {renews ? (
          <div>
            <dt>Renews</dt>
            <dd>{formatDate(renews)}</dd>
          </div>
        ) : null}
      </dl>
      {subscription.paymentPastDue ? (
        <p className="notice">
          Your last payment did not go through. Please update your card: Stripe tries it again, and your
          digests keep coming meanwhile.
        </p>
      ) : null}
      <div className="settings-actions">
        <a className={buttonClass("primary")} href="#change-plan">
          Change Plan
        </a>
        {subscription.canManageBilling ? <BillingPortalButton /> : null}
        {plans.testMode && subscription.status === "trial" && subscription.testMode ? <EndTrialNow /> : null}
      </div>
      <PlanSwitcher subscription={subscription} plans={plans} />
      {subscription.cancelAtPeriodEnd ? (
        <ResumeSubscription subscription={subscription} />
      ) : (
        <CancelSubscription />
      )}
    </div>
  );
}

/** No plan: a trial's end date while it runs ("Free trial, ends …"), else that there is no plan; then the tiers. */
function NoPlan({ subscription, plans }: { subscription: Subscription; plans: PlansReply }) {
  const inTrial = subscription.status === "trial";
  const title = !inTrial
    ? "No Active Subscription"
    : subscription.trialEndsAt
      ? `Free trial, ends ${formatDate(subscription.trialEndsAt)}`
      : "Free trial";
  return (
    <div className="stack">
      <EmptyState
        title={title}
        action={
          <Link className={buttonClass("primary")} href="/subscribe">
            Subscribe Now
          </Link>
        }
      >
        {inTrial
          ? "Your digest comes every week until then. Choose a plan now to keep it coming after your trial: your card is saved and nothing is charged before the trial ends."
          : "Your free trial has ended, so your digests have stopped. Choose a plan to start them again: your channels and past digests are all still here."}
      </EmptyState>
      <PlanSwitcher subscription={subscription} plans={plans} />
      {plans.testMode && inTrial ? (
        <div className="settings-actions">
          <EndTrialNow />
        </div>
      ) : null}
    </div>
  );
}
