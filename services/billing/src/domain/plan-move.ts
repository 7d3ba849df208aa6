import { HttpError } from "@tubedigest/http/http-error";
import type { PlanChangeBilling } from "../adapters/stripe/card-payments.ts";
import { DAY_MS, type Plan, planById, planNamed, TEST_PERIOD_DAYS } from "../plans/plans.ts";
import type { Subscription } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";

/**
 * What moving to another plan does, the same for the quote shown and the confirm that follows:
 * - `trial`: during the free days, at once; nothing is charged until they end;
 * - `up`: at once, the prorated difference for the rest of the period charged now;
 * - `down`: at the end of the period paid for, which keeps the plan in force until then;
 * - `keep`: back to the plan in force, undoing a move down scheduled for the period's end;
 * - `none`: the plan asked for is already the one in force, or already scheduled.
 */
export type PlanMove = "trial" | "up" | "down" | "keep" | "none";

export interface PlanMoveDecision {
  /** The subscription in force the move starts from. */
  subscription: Subscription;
  plan: Plan;
  move: PlanMove;
}

/** How Stripe bills each move that changes something. */
export const BILLING_OF: Record<Exclude<PlanMove, "none">, PlanChangeBilling> = {
  trial: "trial",
  up: "prorated-now",
  down: "from-next-period",
  keep: "from-next-period",
};

/**
 * Decides the move from the subscription in force to the plan asked for, refusing what cannot be done
 * yet: a cancelled subscription (resume it first), one whose payment failed (update the card first), a
 * move up past a scheduled move down (keep the plan first), and a move to a plan that allows fewer
 * channels than the reader follows (catalog counts them now; the answer names how many to remove).
 */
export async function decidePlanMove(
  context: BillingContext,
  input: { subscription: Subscription | undefined; planName: string; requestId: string },
): Promise<PlanMoveDecision> {
  const plan = planNamed(input.planName);
  if (!plan) throw new HttpError(400, messages.unknownPlan);
  const { subscription } = input;
  if (!subscription || subscription.status === "ended") throw new HttpError(404, messages.noPlanToChange);
  const paid = planById(subscription.plan);
  const scheduled = subscription.scheduled_plan ? planById(subscription.scheduled_plan) : undefined;
  const decided = (move: PlanMove): PlanMoveDecision => ({ subscription, plan, move });
  // Creator and Premium are one tier under two names: moving between them changes nothing.
  if (plan.priceCents === paid.priceCents) return decided(scheduled ? "keep" : "none");
  if (subscription.cancel_at_period_end) throw new HttpError(409, messages.resumeFirst);
  if (subscription.status === "past_due") throw new HttpError(409, messages.updateCardFirst);
  const up = plan.priceCents > paid.priceCents;
  if (up && scheduled) throw new HttpError(409, messages.keepPlanFirst(paid.name, scheduled.name));
  if (!up && scheduled?.id === plan.id) return decided("none");
  if (!up) {
    const followed = await context.followedChannels.count(subscription.user_id, input.requestId);
    if (followed > plan.channelAllowance) {
      throw new HttpError(409, messages.tooManyChannels(followed, plan));
    }
  }
  if (subscription.status === "trialing") return decided("trial");
  return decided(up ? "up" : "down");
}

/**
 * What test mode charges for a move up as of `at`: the price difference for the unused rest of the
 * period, to the cent, as Stripe prorates it.
 */
export function testModeProration(subscription: Subscription, plan: Plan, at: Date): number {
  const paid = planById(subscription.plan);
  const remaining = Math.min(
    1,
    Math.max(0, (subscription.current_period_end.getTime() - at.getTime()) / (TEST_PERIOD_DAYS * DAY_MS)),
  );
  return Math.round(plan.priceCents * remaining) - Math.round(paid.priceCents * remaining);
}
