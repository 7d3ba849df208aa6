import { HttpError } from "@tubedigest/http/http-error";
import { singleVideoPriceCents } from "../plans/plans.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { singleVideoPayment } from "./single-video-payment.ts";

/** What a subscriber is shown before buying one video's summary. */
export interface SingleVideoQuote {
  amountCents: number;
  /** "card": charged to the subscription's card; "test": a test charge; "none": it cannot be paid yet. */
  payment: "card" | "test" | "none";
}

/**
 * The price of one video's summary, by its length, and how it would be paid. Nothing is held or charged:
 * the hold, placed only once the subscriber confirms, is priced again by the same rule and must come to
 * this amount.
 */
export async function quoteSingleVideo(
  context: BillingContext,
  input: { userId: string; durationSeconds: number },
): Promise<SingleVideoQuote> {
  const amountCents = singleVideoPriceCents(input.durationSeconds);
  if (amountCents === undefined) throw new HttpError(422, messages.videoTooLong);
  const payment = await singleVideoPayment(context, input.userId);
  return { amountCents, payment: payment.kind };
}
