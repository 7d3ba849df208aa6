import { HttpError } from "@tubedigest/http/http-error";
import { singleSummaryPriceCents } from "../plans/plans.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { singleSummaryPayment } from "./single-summary-payment.ts";

/** What a subscriber is shown before buying one video's summary. */
export interface SingleSummaryQuote {
  amountCents: number;
  /** "card": charged to the subscription's card; "test": a test charge; "none": it cannot be paid yet. */
  payment: "card" | "test" | "none";
}

/**
 * The price of one video's summary, by its length, and how it would be paid. Nothing is held or charged:
 * the hold, placed only once the subscriber confirms, is priced again by the same rule and must come to
 * this amount.
 */
export async function quoteSingleSummary(
  context: BillingContext,
  input: { userId: string; durationSeconds: number },
): Promise<SingleSummaryQuote> {
  const amountCents = singleSummaryPriceCents(input.durationSeconds);
  if (amountCents === undefined) throw new HttpError(422, messages.videoTooLong);
  const payment = await singleSummaryPayment(context, input.userId);
  return { amountCents, payment: payment.kind };
}
