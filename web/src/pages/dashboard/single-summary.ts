import type { SingleSummary, SingleSummaryQuote } from "@tubedigest/contracts/single-summary";
import { formatUsd } from "../../lib/money.ts";

export const SINGLE_SUMMARIES_PATH = "/api/single-summaries";

export const STATUS_LABELS: Record<SingleSummary["status"], string> = {
  queued: "Queued",
  summarising: "Summarising",
  ready: "Ready",
  failed: "Failed",
};

/** "45 s", "14 min", "1 h 3 min": whole minutes down, as the price tiers count them (59:59 is under an hour). */
export function formatLength(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

const cents = (amount: number) => formatUsd(amount / 100);

/** What happened to a summary's price, in a few words: held, charged, or not charged. */
export function chargeText(item: Pick<SingleSummary, "charge" | "amountCents" | "testMode">): string {
  const price = item.amountCents === null ? null : cents(item.amountCents);
  const test = item.testMode ? "test charge " : "";
  switch (item.charge) {
    case "held":
      return price ? `${price} ${test}on hold, charged only when ready` : "On hold, charged only when ready";
    case "charged":
      if (!price) return "Charged";
      return item.testMode ? `${price} test charge: no money taken` : `Charged ${price}`;
    case "not-charged":
      return price ? `Not charged: the ${price} ${test}hold was released` : "Not charged";
  }
}

/** What the subscriber is told about paying for a quoted summary. */
export function paymentText(quote: Pick<SingleSummaryQuote, "payment">): string {
  switch (quote.payment) {
    case "card":
      return "Charged to the card of your subscription once the summary is ready. If it cannot be made, you pay nothing.";
    case "test":
      return "Test mode: a test charge, no money is taken. It is settled once the summary is ready, and released if it cannot be made.";
    case "none":
      return "Single summaries are charged to the card of your subscription. Subscribe with a card to buy one.";
  }
}

/** The id of a summary's entry in the list, for a link to it. */
export const summaryAnchor = (id: string) => `single-summary-${id}`;

/** The reader's summary of a video among those listed: under way or ready (a failed one may be bought again). */
export function boughtSummaryOf(
  items: readonly SingleSummary[] | undefined,
  videoId: string,
): SingleSummary | undefined {
  return (items ?? []).find((item) => item.videoId === videoId && item.status !== "failed");
}

/** Whether any summary is still being made: the list then refreshes itself. */
export function anyInFlight(items: readonly SingleSummary[] | undefined): boolean {
  return (items ?? []).some((item) => item.status === "queued" || item.status === "summarising");
}
