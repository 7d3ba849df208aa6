import { HttpError } from "@tubedigest/http/http-error";
import type { CardPayments } from "../adapters/stripe/card-payments.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";

/** Stripe, or a clear answer that card payment is not set up on this server. */
export function requireCards(context: BillingContext): CardPayments {
  if (!context.cards) throw new HttpError(503, messages.cardPaymentsOff);
  return context.cards;
}

/**
 * Runs a call to Stripe; Stripe failing or unreachable (after the SDK's own retries) is answered as a
 * 503 that says to try again, never as a 500. Errors meant for the caller pass through.
 */
export async function askStripe<T>(
  context: BillingContext,
  what: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    context.log.warn({ err: error, call: what }, "Stripe call failed");
    throw new HttpError(503, messages.paymentProviderDown);
  }
}
