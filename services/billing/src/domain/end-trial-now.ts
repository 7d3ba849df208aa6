import { HttpError } from "@tubedigest/http/http-error";
import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import { awaitAccount } from "./await-account.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";
import { endDuePeriods } from "./end-due-periods.ts";
import { messages } from "./messages.ts";

/**
 * Test mode's 'End Trial Now' (`POST /api/subscription/end-trial`): the reader's free days end at once, as
 * they would after 7 days — a test-mode plan chosen during them starts its first period, and without one
 * the digests stop — so what follows a trial can be tried without waiting a week. Only where test mode is
 * on; a card trial is Stripe's to end (its test clocks).
 */
export async function endTrialNow(context: BillingContext, input: { userId: string; correlationId: string }) {
  if (!context.testMode) throw new HttpError(403, messages.testModeOff);
  const { userId } = input;
  await awaitAccount(context, userId);
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    const account = await new AccountRepository(trx).lock(userId);
    if (!account || account.trial_ended_at !== null || account.trial_ends_at <= now) return;
    const subscription = await new SubscriptionRepository(trx).find(userId);
    if (subscription?.status === "trialing" && !subscription.test_mode) {
      throw new HttpError(409, messages.cardTrialIsStripes);
    }
    await new AccountRepository(trx).moveTrialEnd(userId, now);
    if (subscription?.status === "trialing") {
      const next = { ...subscription, current_period_end: now, updated_at: now };
      await changeSubscription(context, trx, next, input.correlationId);
    }
  });
  await endDuePeriods(context, input.correlationId);
}
