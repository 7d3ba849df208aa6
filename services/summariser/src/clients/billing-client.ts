import { randomUUID } from "node:crypto";
import { callerHeaders } from "@tubedigest/http";
import { callService } from "./service-call.ts";

export interface Hold {
  id: string;
  amountCents: number;
  testMode: boolean;
}

/** What the summariser asks billing, which prices and charges single-video summaries. */
export interface BillingClient {
  /**
   * Reserves the price of one video's summary on the subscriber's card (a test charge in test mode);
   * the same key is the same hold. Billing's 402 (no saved card) and 422 (too long) pass through.
   */
  placeHold(
    userId: string,
    input: { holdKey: string; videoId: string; durationSeconds: number },
  ): Promise<Hold>;
}

/** Billing believes the user only with the gateway's proof, which services share the secret to make. */
export function createHttpBillingClient(billingUrl: string, identitySecret: string): BillingClient {
  const base = billingUrl.replace(/\/+$/, "");
  return {
    placeHold: (userId, input) =>
      callService<Hold>("billing", `${base}/internal/holds`, {
        method: "POST",
        headers: callerHeaders(identitySecret, userId, randomUUID()),
        body: input,
      }),
  };
}
