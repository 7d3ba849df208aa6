import { createEvent, type EventEnvelope } from "@tubedigest/contracts";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { Transaction } from "kysely";
import type { SummariserDatabase } from "../store/database.ts";
import { OrderRepository } from "../store/order-repository.ts";
import { VideoRepository } from "../store/video-repository.ts";
import { type SummaryOutcome, summariseVideo } from "./summarise-video.ts";
import type { SummariserContext } from "./summariser-context.ts";
import { summaryMarkdown } from "./summary-markdown.ts";

/** The summary could not be made yet and the purchase's tries are not over: the bus tries again later. */
class SummaryNotYetError extends Error {
  constructor(reason: string) {
    super(`summary not made yet: ${reason}`);
    this.name = "SummaryNotYetError";
  }
}

/**
 * Makes a purchased summary (outside any transaction: the model may take minutes). A failure that may
 * pass (an outage) is thrown for the bus to retry with back-off, unless this was the last try; the
 * video's own failure is final at once.
 */
export async function makePurchasedSummary(
  context: SummariserContext,
  videoId: string,
  lastTry: boolean,
): Promise<SummaryOutcome> {
  const outcome = await summariseVideo(context, videoId);
  if (outcome.status === "ready" || lastTry) return outcome;
  if (outcome.status === "failed" && !outcome.passing) return outcome;
  throw new SummaryNotYetError(outcome.status === "failed" ? outcome.reason : "still being written");
}

/**
 * Ends the purchase with its outcome, in the transaction that records it: `video.summarised` (the mailer
 * mails it, billing captures the charge) or `video-summary.failed` (billing releases the charge).
 */
export async function finishPurchase(
  context: SummariserContext,
  trx: Transaction<SummariserDatabase>,
  event: EventEnvelope<"video-summary.requested">,
  outcome: SummaryOutcome,
): Promise<void> {
  const order = event.data;
  const now = context.now();
  const meta = { correlationId: event.correlationId };
  if (outcome.status === "ready") {
    if (!(await new OrderRepository(trx).finish(order.orderId, "delivered", null, now))) return;
    const video = await new VideoRepository(trx).find(order.videoId);
    const basis = outcome.summary.basis ?? "transcript";
    await context.recordEvent(
      trx,
      createEvent(
        "video.summarised",
        {
          ...order,
          title: (video?.title ?? order.videoId).slice(0, 500),
          url: watchUrl(order.videoId),
          markdown: summaryMarkdown(order.videoId, outcome.summary).slice(0, 20_000),
          basis,
        },
        meta,
      ),
    );
    return;
  }
  const reason = outcome.status === "failed" ? outcome.reason : "The summary took too long to make.";
  if (!(await new OrderRepository(trx).finish(order.orderId, "failed", reason, now))) return;
  await context.recordEvent(
    trx,
    createEvent("video-summary.failed", { ...order, reason: reason.slice(0, 500) }, meta),
  );
}
