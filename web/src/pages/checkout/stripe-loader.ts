import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// "pure": Stripe.js is fetched from js.stripe.com only when a card form is shown, not on import.
const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for the publishable key GET /api/plans gives, loaded once per key. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
