import type { PlanChangeQuote } from "@tubedigest/contracts/subscription";
import { HttpError } from "@tubedigest/http/http-error";
import type { Plan } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { type Subscription, SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { decidePlanMove, testModeProration } from "./plan-move.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * What moving to another plan would do and cost (`GET /api/subscription/plan-quote`), shown before the
 * reader confirms: a move up's prorated amount is Stripe's own preview of the invoice it would make
 * (test mode computes it alike), as of the quote's moment, which the confirm sends back so that what is
 * charged is what was shown. Nothing changes.
 */
export async function quotePlanChange(
  context: BillingContext,
  input: { userId: string; planName: string; requestId: string },
): Promise<PlanChangeQuote> {
  const current = await new SubscriptionRepository(context.db).find(input.userId);
  const { subscription, plan, move } = await decidePlanMove(context, { ...input, subscription: current });
  if (move === "none") throw new HttpError(409, messages.alreadyOnPlan);
  const now = context.now();
  const periodEnd = subscription.current_period_end;
  const amountDueCents = move === "up" ? await previewedAmount(context, subscription, plan, now) : 0;
  return {
    plan: plan.id,
    planName: plan.name,
    priceCents: plan.priceCents,
    takesEffect: move === "down" ? "period-end" : "now",
    effectiveAt: (move === "down" ? periodEnd : now).toISOString(),
    amountDueCents,
    nextChargeAt: periodEnd.toISOString(),
    quotedAt: now.toISOString(),
  };
}

async function previewedAmount(
  context: BillingContext,
  subscription: Subscription,
  plan: Plan,
  at: Date,
): Promise<number> {
  const subscriptionId = subscription.stripe_subscription_id;
  if (subscriptionId === null) return testModeProration(subscription, plan, at);
  const cards = requireCards(context);
  const customerId = (await new AccountRepository(context.db).find(subscription.user_id))?.stripe_customer_id;
  if (!customerId) throw new Error(`Card subscription ${subscriptionId} has no customer`);
  return askStripe(context, "preview plan change", () =>
    cards.previewPlanChange({ customerId, subscriptionId, plan, at }),
  );
}
