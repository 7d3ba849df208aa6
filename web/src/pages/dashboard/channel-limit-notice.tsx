import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import type { CurrentUser } from "../../lib/current-user.ts";
import { type Plan, planAllowingMore, usePlans } from "../../lib/plans.ts";

/** Where a reader moves up to `plan`: a reader with a plan in Settings, one without at its checkout. */
export function upgradeHref(user: CurrentUser, plan: Plan): string {
  return user.subscriptionPlan ? "/settings?tab=subscription" : `/checkout/${plan.id}`;
}

/** Whose allowance it is, as the reader knows it. */
function allowanceOwner(user: CurrentUser): string {
  if (user.subscriptionPlan) return "your plan";
  if (user.subscriptionStatus === "trial") return "your free trial";
  return "your account";
}

/**
 * At the plan's limit: a calm note, not an error, saying so and naming the plan that allows more, with
 * the way to it (a reader with a plan moves up in Settings, one without chooses it at checkout); on the
 * largest plan, how to make room instead. Nothing below the limit.
 */
export function ChannelLimitNotice({ user }: { user: CurrentUser }) {
  const { plans } = usePlans();
  const allowance = user.channelAllowance;
  if (allowance === null || user.channelCount < allowance) return null;
  // Until the plans are known the note says what it can; the offer follows.
  const larger = plans ? planAllowingMore(plans, allowance) : undefined;
  return (
    <div className="notice dashboard-limit">
      <p className="dashboard-limit-title">
        {`You follow ${user.channelCount} of ${allowance} channel${allowance === 1 ? "" : "s"}, as many as ${allowanceOwner(user)} allows.`}
      </p>
      {larger ? (
        <>
          <p>{`The ${larger.name} plan follows up to ${larger.channelAllowance} channels for ${larger.priceLabel}/month.`}</p>
          <Link className={buttonClass("primary")} href={upgradeHref(user, larger)}>
            Upgrade to {larger.name}
          </Link>
        </>
      ) : plans ? (
        <p>Remove a channel to make room for another.</p>
      ) : null}
    </div>
  );
}
