import type { SubscriptionReply } from "@tubedigest/contracts/subscription";
import { useApi } from "../../lib/use-api.ts";

/** GET /api/subscription (billing): the signed-in user's plan as settings shows it. */
export type Subscription = SubscriptionReply;

export const SUBSCRIPTION_PATH = "/api/subscription";

export function useSubscription() {
  return useApi<Subscription>(SUBSCRIPTION_PATH);
}
