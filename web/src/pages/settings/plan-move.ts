import type { PlanChangeQuote } from "@tubedigest/contracts/subscription";
import { formatDate } from "../../lib/format-date.ts";
import { formatUsd } from "../../lib/money.ts";
import { type Plan, type PlansReply, planById } from "../../lib/plans.ts";
import type { Subscription } from "./use-subscription.ts";

/**
 * What choosing another tier would do, as the switcher words it (billing decides, and its quote says what
 * it costs): during the trial a switch; a dearer tier a move up, a cheaper one a move down; the tier in
 * force again, with a move down scheduled, keeping it.
 */
export type PlanMove = "trial" | "up" | "down" | "keep" | "current";

export function planMove(subscription: Subscription, plans: PlansReply, target: Plan): PlanMove {
  const inForce = subscription.plan ? planById(plans, subscription.plan) : undefined;
  if (!inForce || target.priceCents === inForce.priceCents) {
    return subscription.scheduledPlan ? "keep" : "current";
  }
  if (subscription.status === "trial") return "trial";
  return target.priceCents > inForce.priceCents ? "up" : "down";
}

/** The switcher's button for a move. */
export function moveLabel(move: Exclude<PlanMove, "current">, target: Plan): string {
  switch (move) {
    case "trial":
      return `Switch to ${target.name}`;
    case "up":
      return `Move up to ${target.name}`;
    case "down":
      return `Move down to ${target.name}`;
    case "keep":
      return `Keep ${target.name}`;
  }
}

/** The confirmation's question and what it says of the money, from billing's quote. */
export function moveConfirmation(
  move: Exclude<PlanMove, "current">,
  quote: PlanChangeQuote,
  inForce: string,
): { title: string; body: string } {
  const monthly = `${formatUsd(quote.priceCents / 100)}/month`;
  const next = formatDate(quote.nextChargeAt);
  switch (move) {
    case "trial":
      return {
        title: `Switch to ${quote.planName}?`,
        body: `${quote.planName} starts now. Nothing is charged today; ${monthly} from ${next}, when your trial ends.`,
      };
    case "up":
      return {
        title: `Move up to ${quote.planName}?`,
        body: `${quote.planName} starts now. ${formatUsd(quote.amountDueCents / 100)} is charged today for the rest of this billing period, then ${monthly} from ${next}.`,
      };
    case "down":
      return {
        title: `Move down to ${quote.planName}?`,
        body: `You keep ${inForce} until ${formatDate(quote.effectiveAt)}; ${quote.planName} follows then, at ${monthly}. Nothing is charged today.`,
      };
    case "keep":
      return {
        title: `Keep ${quote.planName}?`,
        body: `The move to a lower plan is undone: ${quote.planName} goes on at ${monthly}, next charged on ${next}.`,
      };
  }
}
