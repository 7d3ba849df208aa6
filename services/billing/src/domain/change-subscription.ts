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
 * Writes the user's subscription as it now is and announces what changed: activated, switched plan,
 * cancelled (access goes on to the period's end) or expired. Every path that changes a subscription —
 * checkout, webhook, test mode, cancel, the period sweep — comes through here, so the events follow
 * from the state and never from which path ran. Call with the account locked.
 */
export async function changeSubscription(
  context: BillingContext,
  trx: Transaction<BillingDatabase>,
  next: SubscriptionRow,
  correlationId: string,
): Promise<void> {
  const subscriptions = new SubscriptionRepository(trx);
  const previous = await subscriptions.find(next.user_id);
  await subscriptions.save(next);
  const userId = next.user_id;
  const plan = planById(next.plan);
  const access = { userId, plan: plan.id, channelAllowance: plan.channelAllowance };
  const price = { planName: plan.name, priceCents: plan.priceCents };
  const record = (event: Parameters<BillingContext["recordEvent"]>[1]) => context.recordEvent(trx, event);
  const meta = { correlationId };

  if (!hasAccess(previous) && hasAccess(next)) {
    // Paying ends the trial at once: its end is no longer an event anyone needs.
    await new AccountRepository(trx).endTrial(userId, context.now());
    await record(
      createEvent(
        "subscription.activated",
        {
          ...access,
          ...price,
          currentPeriodEnd: new Date(next.current_period_end).toISOString(),
          testMode: next.test_mode,
        },
        meta,
      ),
    );
  } else if (previous && hasAccess(previous) && hasAccess(next) && previous.plan !== next.plan) {
    await record(
      createEvent("subscription.changed", { ...access, ...price, previousPlan: previous.plan }, meta),
    );
  }
  if (
    hasAccess(next) &&
    next.cancel_at_period_end &&
    !(hasAccess(previous) && previous?.cancel_at_period_end)
  ) {
    const endsAt = new Date(next.current_period_end).toISOString();
    await record(createEvent("subscription.cancelled", { ...access, endsAt }, meta));
  }
  if (previous && hasAccess(previous) && !hasAccess(next)) {
    await record(
      createEvent(
        "subscription.expired",
        {
          userId,
          plan: null,
          channelAllowance: DEFAULT_ALLOWANCE,
          previousPlan: previous.plan,
          reason: next.end_reason ?? "cancelled",
        },
        meta,
      ),
    );
  }
}
