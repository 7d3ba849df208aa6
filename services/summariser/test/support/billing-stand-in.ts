import { randomUUID } from "node:crypto";
import type { HttpError } from "@tubedigest/http";
import type { BillingClient, Hold } from "../../src/clients/billing-client.ts";

/** Billing as the summariser sees it: holds placed per key, or refused as billing refuses them. */
export function billingStandIn() {
  const holds = new Map<string, Hold & { userId: string; videoId: string; durationSeconds: number }>();
  let refusal: HttpError | undefined;
  const client: BillingClient = {
    async placeHold(userId, input) {
      if (refusal) throw refusal;
      const existing = holds.get(input.holdKey);
      if (existing) return existing;
      const hold = {
        id: randomUUID(),
        amountCents: input.durationSeconds < 3600 ? 199 : 399,
        testMode: true,
        userId,
        videoId: input.videoId,
        durationSeconds: input.durationSeconds,
      };
      holds.set(input.holdKey, hold);
      return hold;
    },
  };
  return {
    client,
    holds,
    refuseWith(error: HttpError | undefined) {
      refusal = error;
    },
  };
}
