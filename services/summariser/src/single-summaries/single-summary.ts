import type {
  SingleSummary,
  SingleSummaryCharge,
  SingleSummaryStatus,
} from "@tubedigest/contracts/single-summary";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { ListedSingleSummary } from "../store/single-summary-repository.ts";

function statusOf(order: ListedSingleSummary): SingleSummaryStatus {
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
export function singleSummaryOf(order: ListedSingleSummary): SingleSummary {
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
