import { useState } from "react";
import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { formatDate } from "../../lib/format-date.ts";
import { usePlans } from "../../lib/plans.ts";
import { BillingPortalButton } from "./billing-portal-button.tsx";
import { planLabel } from "./plan-label.ts";
import { SUBSCRIPTION_PATH, type Subscription, useSubscription } from "./use-subscription.ts";

const CANCEL_TEXT =
  "Cancelling ends your access at the end of the current billing period. Until then your digests keep coming.";

/** The Subscription tab: the active plan and how to change or cancel it, else the way to subscribe. */
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
  if (subscription.status !== "active") return <NoSubscription subscription={subscription} />;
  const label = planLabel(subscription, plans);
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
          <dd>Active{subscription.testMode ? " (test mode)" : ""}</dd>
        </div>
        {subscription.currentPeriodEnd ? (
          <div>
            <dt>{subscription.cancelAtPeriodEnd ? "Access ends" : "Renews"}</dt>
            <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
          </div>
        ) : null}
      </dl>
      {subscription.paymentPastDue ? (
        <p className="notice">Your last payment did not go through. Please update your card.</p>
      ) : null}
      <div className="settings-actions">
        <Link className={buttonClass("primary")} href="/subscribe">
          Change Plan
        </Link>
        {subscription.canManageBilling ? <BillingPortalButton /> : null}
      </div>
      {subscription.cancelAtPeriodEnd ? (
        <p className="muted">
          Your subscription is cancelled. Access continues until the end of the billing period.
        </p>
      ) : (
        <CancelSubscription />
      )}
    </div>
  );
}

/** No paid plan: a trial's end date while it runs ("Free trial, ends …"), else that there is no plan. */
function NoSubscription({ subscription }: { subscription: Subscription }) {
  const inTrial = subscription.status === "trial";
  const title = !inTrial
    ? "No Active Subscription"
    : subscription.trialEndsAt
      ? `Free trial, ends ${formatDate(subscription.trialEndsAt)}`
      : "Free trial";
  return (
    <EmptyState
      title={title}
      action={
        <Link className={buttonClass("primary")} href="/subscribe">
          Subscribe Now
        </Link>
      }
    >
      {inTrial
        ? "Your digest comes every Monday until then. Choose a plan to keep it coming after your trial."
        : "Your free trial has ended, so your digests have stopped. Choose a plan to start them again: your channels and past digests are all still here."}
    </EmptyState>
  );
}

/** 'Cancel Subscription' behind a confirmation: cancelling is at the period's end, and says so first. */
function CancelSubscription() {
  const toast = useToast();
  const { mutate } = useSubscription();
  const { mutate: mutateUser } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    try {
      const reply = await apiFetch<{ subscription: Subscription }>(`${SUBSCRIPTION_PATH}/cancel`, {
        method: "POST",
      });
      await mutate(reply.subscription, { revalidate: false });
      void mutateUser();
      setOpen(false);
      toast({
        title: "Subscription cancelled",
        description: "Access continues until the billing period ends.",
        variant: "success",
      });
    } catch (failure) {
      toast({
        title: "Error cancelling subscription",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-cancel">
      <p className="muted">{CANCEL_TEXT}</p>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <Dialog
        open={open}
        title="Cancel your subscription?"
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        destructive
        busy={busy}
        busyLabel="Cancelling..."
        onConfirm={cancel}
        onCancel={() => setOpen(false)}
      >
        <p>{CANCEL_TEXT}</p>
      </Dialog>
    </div>
  );
}
