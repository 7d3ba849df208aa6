import { HttpError } from "@tubedigest/http/http-error";
import { AccountRepository } from "../store/account-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * Undoes a cancellation before its period ended (`POST /api/subscription/resume`): the subscription
 * renews as before. Resuming one that is not cancelled changes nothing; one already ended cannot be.
 */
export async function resumeSubscription(
  context: BillingContext,
  input: { userId: string; correlationId: string },
): Promise<void> {
  const { userId } = input;
  const current = await new SubscriptionRepository(context.db).find(userId);
  if (!current || current.status === "ended") throw new HttpError(404, messages.nothingToResume);
  if (!current.cancel_at_period_end) return;
  const subscriptionId = current.stripe_subscription_id;
  const remote =
    subscriptionId === null
      ? undefined
      : await askStripe(context, "resume", () => requireCards(context).resume(subscriptionId));
  await context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    const locked = await new SubscriptionRepository(trx).find(userId);
    if (!locked || locked.status === "ended") throw new HttpError(404, messages.nothingToResume);
    if (remote) await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
    else if (locked.cancel_at_period_end) {
      await changeSubscription(
        context,
        trx,
        { ...locked, cancel_at_period_end: false, updated_at: context.now() },
        input.correlationId,
      );
    }
  });
}
