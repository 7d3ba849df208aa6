import type { PlanChangeQuote, SubscriptionChangeReply } from "@tubedigest/contracts/subscription";
import { useState } from "react";
import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { formatDate } from "../../lib/format-date.ts";
import { offeredPlans, type Plan, type PlansReply, planById, planOffer } from "../../lib/plans.ts";
import { moveConfirmation, moveLabel, type PlanMove, planMove } from "./plan-move.ts";
import { SUBSCRIPTION_PATH, type Subscription, useSubscription } from "./use-subscription.ts";

/** A move asked for, with billing's quote of it once it came. */
interface Asked {
  plan: Plan;
  move: Exclude<PlanMove, "current">;
  quote?: PlanChangeQuote;
}

/**
 * The three tiers, with their real names and prices (GET /api/plans), and the way to each: for a reader
 * with a plan, moving to it after a confirmation that says what billing's quote charges and when (up at
 * once, down at the period's end); for one without, its checkout. A refusal (too many channels for a
 * lower tier, a cancelled or unpaid subscription) is said under the list.
 */
export function PlanSwitcher({ subscription, plans }: { subscription: Subscription; plans: PlansReply }) {
  const toast = useToast();
  const { mutate } = useSubscription();
  const { mutate: mutateUser } = useCurrentUser();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inForce = subscription.plan ? planById(plans, subscription.plan) : undefined;
  const blocked = !inForce
    ? null
    : subscription.cancelAtPeriodEnd
      ? "Resume your subscription to change its plan."
      : subscription.paymentPastDue
        ? "Update your card with Manage Billing to change the plan."
        : null;

  const ask = async (plan: Plan, move: Asked["move"]) => {
    setProblem(null);
    setAsked({ plan, move });
    try {
      const quote = await apiFetch<PlanChangeQuote>(
        `${SUBSCRIPTION_PATH}/plan-quote?plan=${encodeURIComponent(plan.id)}`,
      );
      setAsked({ plan, move, quote });
    } catch (failure) {
      setAsked(null);
      setProblem(
        serverMessage(failure) ?? "The price of that change could not be worked out. Please try again.",
      );
    }
  };

  const confirm = async (quote: PlanChangeQuote) => {
    setBusy(true);
    try {
      const reply = await apiFetch<SubscriptionChangeReply>(`${SUBSCRIPTION_PATH}/plan`, {
        json: { plan: quote.plan, quotedAt: quote.quotedAt },
      });
      await mutate(reply.subscription, { revalidate: false });
      void mutateUser();
      toast({ title: "Plan changed", description: reply.message, variant: "success" });
    } catch (failure) {
      setProblem(serverMessage(failure) ?? "Your plan could not be changed. Please try again.");
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  const confirmation = asked?.quote && moveConfirmation(asked.move, asked.quote, inForce?.name ?? "");
  return (
    <section id="change-plan" className="plan-switcher" aria-labelledby="change-plan-title" tabIndex={-1}>
      <h2 id="change-plan-title" className="section-title">
        {inForce ? "Change plan" : "Choose a plan"}
      </h2>
      {blocked ? <p className="settings-note">{blocked}</p> : null}
      <ul className="plan-switcher-list">
        {offeredPlans(plans).map((plan) => {
          const move = inForce ? planMove(subscription, plans, plan) : undefined;
          const scheduled = subscription.scheduledPlan === plan.id && subscription.currentPeriodEnd;
          return (
            <li
              key={plan.id}
              className="plan-switcher-tier"
              aria-current={move === "current" ? "true" : undefined}
            >
              <div className="plan-switcher-name">
                <strong>{plan.name}</strong>
                {move === "current" || move === "keep" ? (
                  <span className="plan-switcher-badge">Your plan</span>
                ) : null}
                {scheduled ? (
                  <span className="plan-switcher-badge">
                    From {formatDate(subscription.currentPeriodEnd ?? "")}
                  </span>
                ) : null}
              </div>
              <p className="plan-switcher-terms">
                {inForce ? `${plan.priceLabel}/month` : planOffer(plans, plan, subscription.trialAvailable)} ·{" "}
                {plan.channelAllowance === 1 ? "1 channel" : `up to ${plan.channelAllowance} channels`}
              </p>
              {!inForce ? (
                <Link className={buttonClass("secondary")} href={`/checkout/${plan.id}`}>
                  Choose {plan.name}
                </Link>
              ) : move && move !== "current" && !scheduled ? (
                <Button
                  variant="secondary"
                  disabled={blocked !== null || asked !== null}
                  busy={asked?.plan.id === plan.id && !asked.quote}
                  busyLabel="Working out the price..."
                  onClick={() => ask(plan, move)}
                >
                  {moveLabel(move, plan)}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p className="settings-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Dialog
        open={Boolean(confirmation)}
        title={confirmation?.title ?? ""}
        confirmLabel={asked ? moveLabel(asked.move, asked.plan) : ""}
        cancelLabel="Not now"
        busy={busy}
        busyLabel="Changing..."
        onConfirm={() => asked?.quote && confirm(asked.quote)}
        onCancel={() => setAsked(null)}
      >
        <p>{confirmation?.body}</p>
      </Dialog>
    </section>
  );
}
