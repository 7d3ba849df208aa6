import { HttpError } from "@tubedigest/http/http-error";
import { daysAfter, planNamed, TEST_PERIOD_DAYS } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";
import { findAccount, type Who } from "./find-account.ts";
import { messages } from "./messages.ts";

/**
 * The checkout's 'TEST MODE: Skip Payment' (`POST /api/subscribe-with-coupon`, docs/product.md#checkout): a
 * plan with no payment, renewed monthly by the period sweep — only where test mode is switched on. A
 * subscriber who pays by card changes plan through checkout instead; a plan in force is changed by its
 * signed-in owner only, never on a visitor's claim.
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
    await new AccountRepository(trx).lock(userId);
    const current = await new SubscriptionRepository(trx).find(userId);
    const active = current !== undefined && current.status !== "ended";
    if (active && !current.test_mode) throw new HttpError(409, messages.payingByCard);
    if (active && current.plan === plan.id) return;
    if (active && holder.standing !== "owner") throw new HttpError(401, messages.signInToChangePlan);
    const now = context.now();
    await changeSubscription(
      context,
      trx,
      {
        user_id: userId,
        plan: plan.id,
        status: "active",
        test_mode: true,
        stripe_subscription_id: null,
        current_period_end: active ? current.current_period_end : daysAfter(now, TEST_PERIOD_DAYS),
        cancel_at_period_end: false,
        default_payment_method: null,
        end_reason: null,
        activated_at: active ? current.activated_at : now,
        updated_at: now,
      },
      input.correlationId,
    );
  });
  return userId;
}
