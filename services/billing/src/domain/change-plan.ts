import { HttpError } from "@tubedigest/http/http-error";
import { CardDeclinedError } from "../adapters/stripe/card-payments.ts";
import { planById } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { CheckoutRepository } from "../store/checkout-repository.ts";
import { type Subscription, SubscriptionRepository } from "../store/subscription-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";
import { messages } from "./messages.ts";
import { BILLING_OF, decidePlanMove, type PlanMoveDecision, testModeProration } from "./plan-move.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/** How long a quote shown may be confirmed: its prorated amount is charged as of its moment. */
const QUOTE_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Moves the signed-in reader to another plan (`POST /api/subscription/plan`), as the quote shown said:
 * up at once, the prorated difference as of the quote's moment charged on the saved card (declined:
 * nothing changes, 402); down at the end of the period paid for; during the trial at once, nothing
 * charged. Test mode does the same without Stripe. Asked again — a retry, or two at once — it charges
 * and announces once: Stripe is asked outside any transaction under a key derived from the move and the
 * state it starts from, and a move already made answers as done. Answers the move made.
 */
export async function changePlan(
  context: BillingContext,
  input: { userId: string; planName: string; quotedAt: string; requestId: string; correlationId: string },
): Promise<PlanMoveDecision> {
  const now = context.now();
  const at = new Date(input.quotedAt);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age) || age < 0 || age > QUOTE_LIFETIME_MS)
    throw new HttpError(409, messages.quoteExpired);
  const current = await new SubscriptionRepository(context.db).find(input.userId);
  const decision = await decidePlanMove(context, { ...input, subscription: current });
  if (decision.move === "none") return decision;
  if (decision.subscription.stripe_subscription_id === null) {
    await changeTestModePlan(context, decision, at, input.correlationId);
  } else {
    await changeCardPlan(context, decision, at, input.correlationId);
  }
  return decision;
}

async function changeCardPlan(
  context: BillingContext,
  decision: PlanMoveDecision,
  at: Date,
  correlationId: string,
): Promise<void> {
  const { subscription, plan, move } = decision;
  const subscriptionId = subscription.stripe_subscription_id;
  if (subscriptionId === null || move === "none") throw new Error("A card plan change needs a card move");
  const cards = requireCards(context);
  const from = `${subscription.plan}-${subscription.scheduled_plan ?? "none"}`;
  const key = `${subscriptionId}-${from}-to-${plan.id}-at-${at.getTime()}`;
  const changed = await askStripe(context, "change plan", async () => {
    try {
      return await cards.changePlan({ subscriptionId, plan, billing: BILLING_OF[move], at, key });
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
      throw error;
    }
  });
  const userId = subscription.user_id;
  await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    const { payment } = changed;
    await applyRemoteSubscription(
      context,
      trx,
      userId,
      changed.subscription,
      correlationId,
      payment?.amountCents,
    );
    if (!payment) return;
    // Kept with the checkouts, so an erased account's books still hold the money taken.
    await new CheckoutRepository(trx).insertIfAbsent({
      intent_id: payment.paymentIntentId,
      user_id: userId,
      plan: plan.id,
      kind: "switch",
      stripe_subscription_id: subscriptionId,
      amount_cents: payment.amountCents,
      client_secret: null,
      created_at: context.now(),
      completed_at: context.now(),
    });
  });
}

/** The test-mode subscription as the move leaves it, with what the move charged. */
function movedTestSubscription(subscription: Subscription, decision: PlanMoveDecision, at: Date) {
  const { plan, move } = decision;
  switch (move) {
    case "down":
      return { next: { ...subscription, scheduled_plan: plan.id }, charged: 0 };
    case "keep":
      return { next: { ...subscription, scheduled_plan: null }, charged: 0 };
    default:
      return {
        next: { ...subscription, plan: plan.id, scheduled_plan: null },
        charged: move === "up" ? testModeProration(subscription, plan, at) : 0,
      };
  }
}

const sameTerms = (a: Subscription, b: Subscription) =>
  planById(a.plan).priceCents === planById(b.plan).priceCents && a.scheduled_plan === b.scheduled_plan;

async function changeTestModePlan(
  context: BillingContext,
  decision: PlanMoveDecision,
  at: Date,
  correlationId: string,
): Promise<void> {
  const userId = decision.subscription.user_id;
  await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    const locked = await new SubscriptionRepository(trx).find(userId);
    if (!locked) throw new HttpError(409, messages.planChangedMeanwhile);
    const { next, charged } = movedTestSubscription(locked, decision, at);
    // The same move made meanwhile (the same confirm twice at once) is done; another one is not this quote's.
    if (sameTerms(locked, next)) return;
    if (locked.updated_at.getTime() !== decision.subscription.updated_at.getTime()) {
      throw new HttpError(409, messages.planChangedMeanwhile);
    }
    await changeSubscription(context, trx, { ...next, updated_at: context.now() }, correlationId, charged);
  });
}
