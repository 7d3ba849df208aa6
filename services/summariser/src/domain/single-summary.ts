import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { ListedOrder } from "../store/order-repository.ts";

/** Where a purchase stands, as the subscriber reads it. */
export type SingleSummaryStatus = "queued" | "summarising" | "ready" | "failed";

/**
 * What happened to the price: "held" on the card until the summary is ready; "charged" once it is;
 * "not-charged" when it could not be made and the hold was released.
 */
export type SingleSummaryCharge = "held" | "charged" | "not-charged";

/** One confirmed purchase in the dashboard's list of single summaries. */
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

function statusOf(order: ListedOrder): SingleSummaryStatus {
  switch (order.status) {
    case "delivered":
      return "ready";
    case "failed":
      return "failed";
    case "requested":
      return order.started_at ? "summarising" : "queued";
    default:
      return "queued";
  }
}

const CHARGE_OF: Record<SingleSummaryStatus, SingleSummaryCharge> = {
  queued: "held",
  summarising: "held",
  ready: "charged",
  failed: "not-charged",
};

/** A purchase as the dashboard shows it. */
export function singleSummaryOf(order: ListedOrder): SingleSummary {
  const status = statusOf(order);
  return {
    id: order.id,
    videoId: order.video_id,
    title: order.title ?? order.video_id,
    url: watchUrl(order.video_id),
    durationSeconds: order.duration_seconds,
    amountCents: order.amount_cents,
    testMode: order.test_mode ?? false,
    status,
    charge: CHARGE_OF[status],
    orderedAt: (order.confirmed_at ?? order.created_at).toISOString(),
    completedAt: order.completed_at?.toISOString() ?? null,
    summary: status === "ready" ? order.summary_markdown : null,
  };
}
