import { randomUUID } from "node:crypto";
import { HttpError } from "@tubedigest/http/http-error";
import { CardDeclinedError } from "../adapters/stripe/card-payments.ts";
import { singleSummaryPriceCents } from "../plans/plans.ts";
import { type Hold, HoldRepository } from "../store/hold-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe } from "./require-cards.ts";
import { singleSummaryPayment } from "./single-summary-payment.ts";

/**
 * Prices a single summary by the video's length and reserves it on the subscriber's saved card
 * before any work starts; the summariser captures it when the summary is delivered and releases it if
 * the work fails. The price is the one the subscriber confirmed (`amountCents`, from the quote): if the
 * same length no longer comes to it, nothing is held (409). With no saved card: a 402 before anything
 * is done, or in test mode a test charge that takes no money. The same key twice is the same hold.
 */
export async function placeHold(
  context: BillingContext,
  input: { userId: string; holdKey: string; videoId: string; durationSeconds: number; amountCents: number },
): Promise<Hold> {
  const holds = new HoldRepository(context.db);
  const existing = await holds.findByKey(input.userId, input.holdKey);
  if (existing) return existing;
  const amountCents = singleSummaryPriceCents(input.durationSeconds);
  if (amountCents === undefined) throw new HttpError(422, messages.videoTooLong);
  if (amountCents !== input.amountCents) throw new HttpError(409, messages.singleSummaryPriceChanged);
  const payment = await singleSummaryPayment(context, input.userId);
  if (payment.kind === "none") throw new HttpError(402, messages.noSavedCard);
  const id = randomUUID();
  let paymentIntentId: string | null = null;
  if (payment.kind === "card") {
    const { cards, customerId, paymentMethod } = payment;
    paymentIntentId = await askStripe(context, "place hold", async () => {
      try {
        return await cards.hold({
          customerId,
          paymentMethod,
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
