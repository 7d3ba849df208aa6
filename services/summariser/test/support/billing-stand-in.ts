import { randomUUID } from "node:crypto";
import { HttpError } from "@tubedigest/http/http-error";
import type { BillingClient, Hold, PriceQuote } from "../../src/adapters/service-clients/billing-client.ts";

/** Billing's rule, as the stand-in applies it: under an hour 1.99, up to 4 hours 3.99, longer refused. */
function priceOf(durationSeconds: number): number {
  if (durationSeconds < 60 * 60) return 199;
  if (durationSeconds <= 4 * 60 * 60) return 399;
  throw new HttpError(422, "Videos over 4 hours cannot be summarised.");
}

/** Billing as the summariser sees it: prices by length, holds placed per key, or refused as billing refuses them. */
export function billingStandIn() {
  const holds = new Map<
    string,
    Hold & { userId: string; videoId: string; durationSeconds: number; amountCents: number }
  >();
  let refusal: HttpError | undefined;
  let payment: PriceQuote["payment"] = "test";
  const dailyPlans = new Set<string>();
  const client: BillingClient = {
    async dailyDigest(userId) {
      if (refusal) throw refusal;
      return dailyPlans.has(userId);
    },
    async quote(_userId, input) {
      return { amountCents: priceOf(input.durationSeconds), payment };
    },
    async placeHold(userId, input) {
      if (refusal) throw refusal;
      const existing = holds.get(input.holdKey);
      if (existing) return existing;
      if (priceOf(input.durationSeconds) !== input.amountCents) {
        throw new HttpError(409, "The price of this summary has changed since it was shown.");
      }
      const hold = {
        id: randomUUID(),
        amountCents: input.amountCents,
        testMode: payment !== "card",
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
    /** Holds placed for one subscriber. */
    holdsOf: (userId: string) => [...holds.values()].filter((hold) => hold.userId === userId),
    /** The reader's plan includes a daily digest from now on (or, with false, no longer). */
    planWithDaily(userId: string, included = true) {
      if (included) dailyPlans.add(userId);
      else dailyPlans.delete(userId);
    },
    refuseWith(error: HttpError | undefined) {
      refusal = error;
    },
    payWith(kind: PriceQuote["payment"]) {
      payment = kind;
    },
  };
}
