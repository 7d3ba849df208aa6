import type { SubscriptionChangeReply, SubscriptionReply } from "@tubedigest/contracts/subscription";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";

/** The subscription as billing describes it after a change (its SubscriptionReply). */
export type ActivatedSubscription = SubscriptionReply;

/** Who is subscribing to what: the checkout payload (docs/product.md#data-shapes) without the payment. */
export interface CheckoutOrder {
  email: string | undefined;
  plan: string;
  channelCount: number;
}

/**
 * What Stripe confirmed in the browser: the payment of a plan charged today, or the setup intent that saved
 * the card of a plan chosen during the free days.
 */
export type Confirmed = { paymentIntentId: string } | { setupIntentId: string };

/** POST /api/subscribe once Stripe confirmed the payment, or the card saved. */
export async function activatePaid(
  order: CheckoutOrder,
  confirmed: Confirmed,
): Promise<ActivatedSubscription> {
  const reply = await apiFetch<SubscriptionChangeReply>("/api/subscribe", {
    json: { ...order, ...confirmed },
  });
  return reply.subscription;
}

/** POST /api/subscribe-with-coupon: the plan without payment, accepted only where test mode is on. */
export async function activateInTestMode(order: CheckoutOrder): Promise<ActivatedSubscription> {
  const reply = await apiFetch<SubscriptionChangeReply>("/api/subscribe-with-coupon", {
    json: { ...order, testMode: true },
  });
  return reply.subscription;
}

/**
 * "Checkout activation" (docs/product.md#error-messages): the server's message, else the fallback for an
 * answer or for no answer.
 */
export function activationFailure(error: unknown): string {
  return (
    serverMessage(error) ??
    (error instanceof ApiError
      ? "Failed to activate subscription"
      : "An error occurred processing your subscription")
  );
}
