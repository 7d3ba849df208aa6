/**
 * A single-video summary as the public API answers it: the price shown before buying, and a bought
 * summary in the subscriber's list. Shared by the summariser, which answers them, and the web app, which
 * shows them. Pure: types alone, so the web app's bundle takes nothing of this file.
 */

import type { SingleVideoPayment } from "./http/single-video-holds.ts";

/** How a single summary would be paid: billing's answer (see single-video-holds). */
export type { SingleVideoPayment };

/** The price of one video's summary (POST /api/process-individual-video/quote); nothing is held. */
export interface SingleVideoQuote {
  /** What the confirm names: the purchase, once confirmed. */
  quoteId: string;
  videoId: string;
  title: string;
  url: string;
  durationSeconds: number;
  amountCents: number;
  payment: SingleVideoPayment;
  /** Until when the price may be confirmed (ISO 8601). */
  expiresAt: string;
}

/** Where a bought summary stands. */
export type SingleSummaryStatus = "queued" | "summarising" | "ready" | "failed";

/**
 * What happened to its price: "held" on the card until the summary is ready; "charged" once it is;
 * "not-charged" when it could not be made and the hold was released.
 */
export type SingleSummaryCharge = "held" | "charged" | "not-charged";

/** One bought summary in the subscriber's list (GET /api/single-summaries). */
export interface SingleSummary {
  id: string;
  videoId: string;
  title: string;
  url: string;
  durationSeconds: number | null;
  /** Null for a purchase made before prices were shown. */
  amountCents: number | null;
  /** A test charge: no money is taken. */
  testMode: boolean;
  status: SingleSummaryStatus;
  charge: SingleSummaryCharge;
  orderedAt: string;
  completedAt: string | null;
  /** The summary as mailed (markdown), once it is ready. */
  summary: string | null;
}
