import { useApi } from "../../lib/use-api.ts";

/** GET /api/subscription (billing): the signed-in user's plan as settings shows it. */
export interface Subscription {
  status: "active" | "trial" | "expired";
  plan: string | null;
  planName: string | null;
  priceCents: number | null;
  channelAllowance: number | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentPastDue: boolean;
  testMode: boolean;
  trialEndsAt: string | null;
  /** Stripe's customer portal can be opened (a card payment is set up and was used). */
  canManageBilling: boolean;
}

export const SUBSCRIPTION_PATH = "/api/subscription";

export function useSubscription() {
  return useApi<Subscription>(SUBSCRIPTION_PATH);
}
