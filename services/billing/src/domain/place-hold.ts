import { randomUUID } from "node:crypto";
import { HttpError } from "@tubedigest/http";
import { CardDeclinedError } from "../payments/card-payments.ts";
import { singleVideoPriceCents } from "../plans/plans.ts";
import { type Hold, HoldRepository } from "../store/hold-repository.ts";
import { SubscriptionRepository } from "../store/subscription-repository.ts";
import { awaitAccount } from "./await-account.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe } from "./require-cards.ts";

/**
 * Prices a single-video summary by the video's length and reserves it on the subscriber's saved card
 * before any work starts; the summariser captures it when the summary is delivered and releases it if
 * the work fails. With no saved card: a 402 before anything is done, or in test mode a test charge
 * that takes no money. The same key twice is the same hold.
 */
export async function placeHold(
  context: BillingContext,
  input: { userId: string; holdKey: string; videoId: string; durationSeconds: number },
): Promise<Hold> {
  const holds = new HoldRepository(context.db);
  const existing = await holds.findByKey(input.userId, input.holdKey);
  if (existing) return existing;
  const amountCents = singleVideoPriceCents(input.durationSeconds);
  if (amountCents === undefined) throw new HttpError(422, messages.videoTooLong);
  const account = await awaitAccount(context, input.userId);
  const subscription = await new SubscriptionRepository(context.db).find(input.userId);
  const card = subscription?.status !== "ended" ? subscription?.default_payment_method : null;
  const customerId = account?.stripe_customer_id;
  const cards = context.cards;
  if ((!card || !customerId || !cards) && !context.testMode) {
    throw new HttpError(402, messages.noSavedCard);
  }
  const id = randomUUID();
  let paymentIntentId: string | null = null;
  if (card && customerId && cards) {
    paymentIntentId = await askStripe(context, "place hold", async () => {
      try {
        return await cards.hold({
          customerId,
          paymentMethod: card,
          amountCents,
          key: `${input.userId}-${input.holdKey}`,
          description: `Summary of video ${input.videoId}`,
        });
      } catch (error) {
        if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
        throw error;
      }
    });
  }
  const hold = {
    id,
    user_id: input.userId,
    hold_key: input.holdKey,
    video_id: input.videoId,
    amount_cents: amountCents,
    status: "held" as const,
    test_mode: paymentIntentId === null,
    payment_intent_id: paymentIntentId,
    created_at: context.now(),
    settled_at: null,
  };
  try {
    await holds.insert(hold);
  } catch (error) {
    // The same purchase asked twice at once: Stripe's idempotency gave both the same payment.
    const raced = await holds.findByKey(input.userId, input.holdKey);
    if (raced) return raced;
    throw error;
  }
  return hold;
}
