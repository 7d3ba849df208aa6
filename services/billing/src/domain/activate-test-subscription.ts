import { HttpError } from "@tubedigest/http/http-error";
import { daysAfter, planNamed, TEST_PERIOD_DAYS } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";
import { findAccount, type Who } from "./find-account.ts";
import { messages } from "./messages.ts";
import { trialOffer } from "./trial-offer.ts";

/**
 * The checkout's 'TEST MODE: Skip Payment' (`POST /api/subscribe-with-coupon`, docs/product.md#checkout): a
 * plan with no payment — only where test mode is switched on — as a card would start it: during the free
 * days it starts with them (first "charged" when they end), after them at once; the period sweep renews it
 * monthly. Asked again for the plan in force it changes nothing; a plan in force is changed in Settings.
 */
export async function activateTestSubscription(
  context: BillingContext,
  input: { who: Who; planName: string; correlationId: string },
): Promise<string> {
  // Before the account is looked up, so a server without test mode says nothing about who has one.
  if (!context.testMode) throw new HttpError(403, messages.testModeOff);
  const holder = await findAccount(context, input.who);
  const userId = holder.account.user_id;
  const plan = planNamed(input.planName);
  if (!plan) throw new HttpError(400, messages.unknownPlan);
  await context.db.transaction().execute(async (trx) => {
    const account = await new AccountRepository(trx).lock(userId);
    if (!account) throw new Error(`Account ${userId} vanished under its lock`);
    const current = await new SubscriptionRepository(trx).find(userId);
    if (current !== undefined && current.status !== "ended") {
      if (current.test_mode && current.plan === plan.id) return;
      throw new HttpError(409, messages.changePlanInSettings);
    }
    const now = context.now();
    const trialEnd = trialOffer(account, current, now);
    await changeSubscription(
      context,
      trx,
      {
        user_id: userId,
        plan: plan.id,
        status: trialEnd ? "trialing" : "active",
        test_mode: true,
        stripe_subscription_id: null,
        current_period_end: trialEnd ?? daysAfter(now, TEST_PERIOD_DAYS),
        cancel_at_period_end: false,
        default_payment_method: null,
        end_reason: null,
        scheduled_plan: null,
        activated_at: now,
        updated_at: now,
      },
      input.correlationId,
    );
  });
  return userId;
}
