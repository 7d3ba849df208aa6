import { randomUUID } from "node:crypto";
import type { BillingAccountSummary } from "@tubedigest/contracts/current-user";
import type { HoldQuoteReply, HoldReply } from "@tubedigest/contracts/single-summary-holds";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { callService } from "./service-call.ts";

/** A single summary's price as billing decides it, and how it would be paid. */
export type PriceQuote = HoldQuoteReply;

/** A hold billing placed, as far as the summariser reads it. */
export type Hold = Pick<HoldReply, "id" | "amountCents" | "testMode">;

/** What the summariser asks billing, which prices and charges single summaries and says what a plan includes. */
export interface BillingClient {
  /** Whether the reader's plan in force includes a daily digest, as billing says now. */
  dailyDigest(userId: string): Promise<boolean>;
  /** The price of one video's summary by its length; nothing is held. Billing's 422 (too long) passes through. */
  quote(userId: string, input: { durationSeconds: number }): Promise<PriceQuote>;
  /**
   * Reserves the confirmed price of one video's summary on the subscriber's card (a test charge in test
   * mode); the same key is the same hold. Billing's 402 (no saved card, declined), 409 (the price is no
   * longer `amountCents`) and 422 (too long) pass through.
   */
  placeHold(
    userId: string,
    input: { holdKey: string; videoId: string; durationSeconds: number; amountCents: number },
  ): Promise<Hold>;
}

/** Billing believes the user only with the gateway's proof, which services share the secret to make. */
export function createHttpBillingClient(billingUrl: string, identitySecret: string): BillingClient {
  const base = billingUrl.replace(/\/+$/, "");
  const asUser = (userId: string, path: string, body?: unknown) =>
    callService("billing", `${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: callerHeaders(identitySecret, userId, randomUUID()),
      body,
    });
  return {
    dailyDigest: async (userId) =>
      ((await asUser(userId, "/internal/account-summary")) as BillingAccountSummary).dailyDigest,
    quote: (userId, input) => asUser(userId, "/internal/holds/quote", input) as Promise<PriceQuote>,
    placeHold: (userId, input) => asUser(userId, "/internal/holds", input) as Promise<Hold>,
  };
}
