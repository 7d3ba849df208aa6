import { createEvent } from "@tubedigest/contracts";
import { DAY_MS, DEFAULT_ALLOWANCE, planById, TEST_PERIOD_DAYS } from "../plans/plans.ts";
import { AccountRepository } from "../store/account-repository.ts";
import { type Subscription, SubscriptionRepository } from "../store/subscription-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";

const BATCH = 100;
/** The trial's reminder goes out this long before its end, when Stripe says a card trial is ending too. */
const TRIAL_ENDING_NOTICE_MS = 3 * DAY_MS;

/**
 * What time alone changes: trials three days from their end are announced once, with the plan chosen and
 * the card saved for its first charge or none (the mailer reminds); trials reaching their 7th day without
 * a plan end (an event, so digests stop); and test-mode subscriptions reaching the end of their period (a
 * trial's included) renew, moving to a lower plan scheduled for then, or expire when cancelled. Stripe's
 * own subscriptions are charged or ended by Stripe and reported by webhook. Safe on several replicas at
 * once: each row is taken by one of them.
 */
export async function endDuePeriods(
  context: BillingContext,
  correlationId: string,
): Promise<{ trialsEnding: number; trialsEnded: number; renewed: number; expired: number }> {
  const now = context.now();
  const counts = { trialsEnding: 0, trialsEnded: 0, renewed: 0, expired: 0 };
  await inBatches(async () => {
    const noticed = await context.db.transaction().execute(async (trx) => {
      const accounts = new AccountRepository(trx);
      const subscriptions = new SubscriptionRepository(trx);
      const soon = await accounts.lockTrialsEndingSoon(now, TRIAL_ENDING_NOTICE_MS, BATCH);
      for (const account of soon) {
        await accounts.markTrialEndingNoticed(account.user_id, now);
        const chosen = await subscriptions.find(account.user_id);
        const data = {
          userId: account.user_id,
          trialEndsAt: account.trial_ends_at.toISOString(),
          ...firstCharge(chosen?.status === "trialing" ? chosen : undefined),
        };
        await context.recordEvent(trx, createEvent("trial.ending", data, { correlationId }));
      }
      return soon.length;
    });
    counts.trialsEnding += noticed;
    return noticed;
  });
  await inBatches(() =>
    context.db.transaction().execute(async (trx) => {
      const due = await new AccountRepository(trx).lockDueTrials(now, BATCH);
      const subscriptions = new SubscriptionRepository(trx);
      for (const account of due) {
        await new AccountRepository(trx).endTrial(account.user_id, account.trial_ends_at);
        const subscription = await subscriptions.find(account.user_id);
        if (subscription && subscription.status !== "ended") continue;
        const data = {
          userId: account.user_id,
          plan: null,
          channelAllowance: DEFAULT_ALLOWANCE,
          dailyDigest: false,
          endedAt: account.trial_ends_at.toISOString(),
        };
        await context.recordEvent(trx, createEvent("trial.ended", data, { correlationId }));
        counts.trialsEnded += 1;
      }
      return due.length;
    }),
  );
  await inBatches(() =>
    context.db.transaction().execute(async (trx) => {
      const due = await new SubscriptionRepository(trx).lockDueTestModePeriods(now, BATCH);
      for (const subscription of due) {
        if (subscription.cancel_at_period_end) {
          const next = {
            ...subscription,
            status: "ended" as const,
            end_reason: "cancelled" as const,
            updated_at: now,
          };
          await changeSubscription(context, trx, next, correlationId);
          counts.expired += 1;
        } else {
          // The periods passed while nothing ran, and the one running now: its end is the next after `now`.
          // Counted, not stepped through in a loop, so a wrong step cannot hang the renewal.
          const ended = subscription.current_period_end.getTime();
          const period = TEST_PERIOD_DAYS * DAY_MS;
          const periodEnd = ended + (Math.floor((now.getTime() - ended) / period) + 1) * period;
          const next = {
            ...subscription,
            plan: subscription.scheduled_plan ?? subscription.plan,
            status: "active" as const,
            scheduled_plan: null,
            current_period_end: new Date(periodEnd),
            updated_at: now,
          };
          await changeSubscription(context, trx, next, correlationId);
          counts.renewed += 1;
        }
      }
      return due.length;
    }),
  );
  return counts;
}

/** What `trial.ending` says of the first charge: the plan chosen during the trial, or none. */
function firstCharge(chosen: Subscription | undefined) {
  const plan = chosen ? planById(chosen.plan) : undefined;
  return {
    plan: plan?.id ?? null,
    planName: plan?.name ?? null,
    amountCents: plan?.priceCents ?? null,
    cardSaved: Boolean(chosen?.default_payment_method),
    testMode: chosen?.test_mode ?? false,
  };
}

/**
 * Runs `batch` again while it handled a full batch: more rows may be due than one batch takes. A
 * `do … while` rather than a loop broken out of, so a changed condition makes an unending loop that
 * awaits (a test's time-out fails it) and an emptied body handles nothing, where an emptied `for (;;)`
 * body would hang the process.
 */
async function inBatches(batch: () => Promise<number>): Promise<void> {
  let handled = 0;
  do {
    handled = await batch();
  } while (handled === BATCH);
}
