import { HttpError } from "@tubedigest/http/http-error";
import { AccountRepository } from "../store/account-repository.ts";
import { type Subscription, SubscriptionRepository } from "../store/subscription-repository.ts";
import { applyRemoteSubscription } from "./apply-remote-subscription.ts";
import type { BillingContext } from "./billing-context.ts";
import { changeSubscription } from "./change-subscription.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * Cancels at the end of the paid period: access and digests go on until then, and the subscription
 * expires when it ends. Cancelling twice is the same as once.
 */
export async function cancelSubscription(
  context: BillingContext,
  input: { userId: string; correlationId: string },
): Promise<Subscription> {
  const { userId } = input;
  const current = await new SubscriptionRepository(context.db).find(userId);
  if (!current || current.status === "ended") throw new HttpError(404, messages.nothingToCancel);
  const subscriptionId = current.stripe_subscription_id;
  const remote =
    subscriptionId === null || current.cancel_at_period_end
      ? undefined
      : await askStripe(context, "cancel at period end", () =>
          requireCards(context).cancelAtPeriodEnd(subscriptionId),
        );
  return context.db.transaction().execute(async (trx) => {
    await new AccountRepository(trx).lock(userId);
    const locked = await new SubscriptionRepository(trx).find(userId);
    if (!locked || locked.status === "ended") throw new HttpError(404, messages.nothingToCancel);
    if (remote) await applyRemoteSubscription(context, trx, userId, remote, input.correlationId);
    else if (!locked.cancel_at_period_end) {
      await changeSubscription(
        context,
        trx,
        { ...locked, cancel_at_period_end: true, updated_at: context.now() },
        input.correlationId,
      );
    }
    const saved = await new SubscriptionRepository(trx).find(userId);
    if (!saved) throw new Error("A subscription just written cannot be read back");
    return saved;
  });
}
