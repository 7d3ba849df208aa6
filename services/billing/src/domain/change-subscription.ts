import { createEvent } from "@tubedigest/contracts";
import type { Insertable, Transaction } from "kysely";
import { DEFAULT_ALLOWANCE, planById } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import type { BillingDatabase, SubscriptionsTable } from "../store/database.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";

export type SubscriptionRow = Insertable<SubscriptionsTable>;

const hasAccess = (row: { status: string } | undefined) => row !== undefined && row.status !== "ended";

/**
 * Writes the user's subscription as it now is and announces what changed: activated (paid, or chosen
 * during the trial), plan changed, a move down scheduled (or undone), a trial's plan first charged,
 * cancelled (access goes on to the period's end), resumed, or expired. Every path that changes a subscription — checkout, webhook, test
 * mode, plan changes, cancel and resume, the period sweep — comes through here, so the events follow from
 * the state and never from which path ran. `chargedCents`: what the change took at once, for its event.
 * Call with the account locked.
 */
export async function changeSubscription(
  context: BillingContext,
  trx: Transaction<BillingDatabase>,
  next: SubscriptionRow,
  correlationId: string,
  chargedCents = 0,
): Promise<void> {
  const subscriptions = new SubscriptionRepository(trx);
  const previous = await subscriptions.find(next.user_id);
  await subscriptions.save(next);
  const userId = next.user_id;
  const plan = planById(next.plan);
  const access = {
    userId,
    plan: plan.id,
    channelAllowance: plan.channelAllowance,
    dailyDigest: plan.dailyDigest,
  };
  const price = { planName: plan.name, priceCents: plan.priceCents };
  const record = (event: Parameters<BillingContext["recordEvent"]>[1]) => context.recordEvent(trx, event);
  const meta = { correlationId };
  const periodEnd = new Date(next.current_period_end).toISOString();
  const trialing = next.status === "trialing";
  const both = previous !== undefined && hasAccess(previous) && hasAccess(next);

  // Paying ends the trial at once: its end is no longer an event anyone needs. A plan chosen during the
  // trial leaves it running to its end, when the first charge comes.
  if (hasAccess(next) && !trialing) await new AccountRepository(trx).endTrial(userId, context.now());
  if (!hasAccess(previous) && hasAccess(next)) {
    await record(
      createEvent(
        "subscription.activated",
        {
          ...access,
          ...price,
          currentPeriodEnd: periodEnd,
          testMode: next.test_mode,
          trialEndsAt: trialing ? periodEnd : null,
        },
        meta,
      ),
    );
  } else if (both && previous.plan !== next.plan) {
    // A move down scheduled before takes effect at the end of the period paid for; any other at once.
    const effectiveAt = previous.scheduled_plan === next.plan ? previous.current_period_end : context.now();
    await record(
      createEvent(
        "subscription.changed",
        {
          ...access,
          ...price,
          previousPlan: previous.plan,
          effectiveAt: effectiveAt.toISOString(),
          amountCents: chargedCents,
        },
        meta,
      ),
    );
  } else if (both && (previous.scheduled_plan ?? null) !== (next.scheduled_plan ?? null)) {
    const scheduled = next.scheduled_plan ? planById(next.scheduled_plan) : undefined;
    await record(
      createEvent(
        "subscription.change-scheduled",
        {
          ...access,
          nextPlan: scheduled?.id ?? null,
          nextPlanName: scheduled?.name ?? null,
          nextPriceCents: scheduled?.priceCents ?? null,
          effectiveAt: periodEnd,
        },
        meta,
      ),
    );
  }
  // A plan chosen during the free days took its first payment as they ended: the receipt for it.
  if (both && previous.status === "trialing" && next.status === "active") {
    const data = {
      ...access,
      planName: plan.name,
      amountCents: next.test_mode ? 0 : plan.priceCents,
      currentPeriodEnd: periodEnd,
      testMode: next.test_mode,
    };
    await record(createEvent("trial.converted", data, meta));
  }
  if (hasAccess(next) && next.cancel_at_period_end && !(both && previous.cancel_at_period_end)) {
    await record(createEvent("subscription.cancelled", { ...access, endsAt: periodEnd }, meta));
  }
  if (both && previous.cancel_at_period_end && !next.cancel_at_period_end) {
    await record(createEvent("subscription.resumed", { ...access, renewsAt: periodEnd }, meta));
  }
  if (previous && hasAccess(previous) && !hasAccess(next)) {
    await record(
      createEvent(
        "subscription.expired",
        {
          userId,
          plan: null,
          channelAllowance: DEFAULT_ALLOWANCE,
          dailyDigest: false,
          previousPlan: previous.plan,
          reason: next.end_reason ?? "cancelled",
        },
        meta,
      ),
    );
  }
}
