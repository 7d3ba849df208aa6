import { createEvent, type EventEnvelope } from "@tubedigest/contracts";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { Transaction } from "kysely";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { SingleSummaryRepository, type SingleSummaryRow } from "../store/single-summary-repository.ts";
import { VideoRepository } from "../store/video-repository.ts";
import { type SummaryOutcome, summariseVideo } from "../summaries/summarise-video.ts";
import { summaryMarkdown } from "../summaries/summary-markdown.ts";

/** The summary could not be made yet and the purchase's tries are not over: the bus tries again later. */
class SummaryNotYetError extends Error {
  constructor(reason: string) {
    super(`summary not made yet: ${reason}`);
    this.name = "SummaryNotYetError";
  }
}

/**
 * Makes a single summary (outside any transaction: the model may take minutes). A failure that may
 * pass (an outage) is thrown for the bus to retry with back-off, unless this was the last try; the
 * video's own failure is final at once.
 */
export async function makeSingleSummary(
  context: SummariserContext,
  order: { orderId: string; videoId: string; userId: string },
  lastTry: boolean,
): Promise<SummaryOutcome> {
  // The dashboard shows it as being summarised from now on.
  await new SingleSummaryRepository(context.db).started(order.orderId, context.now());
  // In the buyer's language for summaries, as their digest is.
  const language = (await new RecipientRepository(context.db).find(order.userId))?.summary_language ?? null;
  const outcome = await summariseVideo(context, order.videoId, { language });
  if (outcome.status === "ready" || lastTry) return outcome;
  if (outcome.status === "failed" && !outcome.passing) return outcome;
  throw new SummaryNotYetError(outcome.status === "failed" ? outcome.reason : "still being written");
}

/**
 * Ends the purchase with its outcome, in the transaction that records it: `video.summarised` (the mailer
 * mails it, billing captures the charge) or `video-summary.failed` (billing releases the charge).
 */
export async function finishSingleSummary(
  context: SummariserContext,
  trx: Transaction<SummariserDatabase>,
  event: EventEnvelope<"video-summary.requested">,
  outcome: SummaryOutcome,
): Promise<void> {
  const order = event.data;
  const orders = new SingleSummaryRepository(trx);
  const now = context.now();
  const ready = outcome.status === "ready";
  const markdown = ready ? summaryMarkdown(order.videoId, outcome.summary).slice(0, 20_000) : "";
  const reason = (outcome.status === "failed" ? outcome.reason : "The summary took too long to make.").slice(
    0,
    500,
  );
  const finished = await orders.finish(
    order.orderId,
    ready ? { status: "delivered", summaryMarkdown: markdown } : { status: "failed", reason },
    now,
  );
  if (!finished) return;
  // What the mailer needs to write to the subscriber without asking back: the title and the price.
  const video = await new VideoRepository(trx).find(order.videoId);
  const about = {
    ...order,
    title: (video?.title ?? order.videoId).slice(0, 500),
    ...chargeOf(await orders.find(order.orderId)),
  };
  const meta = { correlationId: event.correlationId };
  const finishedEvent = ready
    ? createEvent(
        "video.summarised",
        {
          ...about,
          url: watchUrl(order.videoId),
          markdown,
          basis: outcome.summary.basis ?? "transcript",
        },
        meta,
      )
    : createEvent("video-summary.failed", { ...about, reason }, meta);
  await context.recordEvent(trx, finishedEvent);
}

/** The price the subscriber confirmed, for the e-mail; purchases from before prices were shown have none. */
function chargeOf(order: SingleSummaryRow | undefined): {
  charge?: { amountCents: number; testMode: boolean };
} {
  if (order?.amount_cents == null || order.test_mode === null) return {};
  return { charge: { amountCents: order.amount_cents, testMode: order.test_mode } };
}
