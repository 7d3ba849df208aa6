import { setTimeout as sleep } from "node:timers/promises";
import { ServiceUnavailableError } from "../clients/service-call.ts";
import { type SummaryKey, SummaryRepository, type SummaryRow } from "../store/summary-repository.ts";
import { TranscriptUnavailableError } from "../transcripts/transcript-source.ts";
import { SummaryFailedError } from "../writers/summary-writer.ts";
import { leaseEnd, renewWhileWorking } from "./claim-lease.ts";
import { knownVideo } from "./known-video.ts";
import type { SummariserContext } from "./summariser-context.ts";
import { summaryVersion } from "./summary-version.ts";

/** The video's own reasons (no such video, the model cannot summarise it) are tried again a day later. */
const RETRY_AFTER_VIDEO_FAILURE_MS = 24 * 60 * 60 * 1000;
/** An outage (the model, catalog, the captions) is tried again by the next asker after this. */
const RETRY_AFTER_OUTAGE_MS = 30 * 1000;
/** Captions that could not be fetched are retried this many times before the description is used. */
const TRANSCRIPT_ATTEMPTS = 3;

export type SummaryOutcome =
  | { status: "ready"; summary: SummaryRow }
  /** `passing`: an outage, tried again in minutes; otherwise the video's own reason, tried again tomorrow. */
  | { status: "failed"; reason: string; passing: boolean }
  /** Still being made when the caller's wait ran out; it goes on being made. */
  | { status: "pending" };

/**
 * The summary of a video, made once and shared. Of all the askers at one time, in this process or any
 * replica, one claims it in the database and calls the model; the others wait for its row. Waiting ends
 * at `waitUntil` (the work goes on and is stored for the next asker); without it, when the summary is
 * made or has failed. Failures are stored with their reason and tried again later, never thrown.
 */
export async function summariseVideo(
  context: SummariserContext,
  videoId: string,
  options: { waitUntil?: Date } = {},
): Promise<SummaryOutcome> {
  const key = { videoId, version: summaryVersion(context.writer) };
  const id = `${key.videoId}/${key.version}`;
  let work = context.inFlight.get(id);
  if (!work) {
    work = settle(context, key).finally(() => context.inFlight.delete(id));
    context.inFlight.set(id, work);
  }
  const row = await (options.waitUntil ? raceDeadline(work, options.waitUntil, context.now()) : work);
  if (!row) return { status: "pending" };
  if (row.status === "ready") return { status: "ready", summary: row };
  const retryInMs = (row.retry_after?.getTime() ?? 0) - context.now().getTime();
  return {
    status: "failed",
    reason: row.failure_reason ?? "unknown reason",
    passing: retryInMs <= RETRY_AFTER_OUTAGE_MS,
  };
}

async function raceDeadline<T>(work: Promise<T>, deadline: Date, now: Date): Promise<T | undefined> {
  const controller = new AbortController();
  const timeout = sleep(Math.max(0, deadline.getTime() - now.getTime()), undefined, {
    signal: controller.signal,
  }).catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    controller.abort();
  }
}

/** Claims and makes the summary, or waits for whoever holds the claim, until the row is ready or failed. */
async function settle(context: SummariserContext, key: SummaryKey): Promise<SummaryRow> {
  const summaries = new SummaryRepository(context.db);
  for (;;) {
    const now = context.now();
    const claim = await summaries.claim(key, context.claims.owner, leaseEnd(context), now);
    if (claim.claimed) return make(context, key, claim.row.attempts);
    if (claim.row.status !== "pending") return claim.row;
    await sleep(context.claims.pollMs);
  }
}

/** Makes the summary under our claim, renewing it while the model works, and stores what came of it. */
async function make(context: SummariserContext, key: SummaryKey, attempt: number): Promise<SummaryRow> {
  const summaries = new SummaryRepository(context.db);
  const owner = context.claims.owner;
  const stopRenewing = renewWhileWorking(
    context,
    (leaseUntil) => summaries.renewLease(key, owner, leaseUntil),
    { videoId: key.videoId },
  );
  try {
    const written = await write(context, key.videoId, attempt);
    const stored = await summaries.complete(key, owner, written, context.now());
    context.metrics.summaryWritten(written.usage);
    context.log.info(
      { videoId: key.videoId, model: written.model, usage: written.usage, basis: written.basis },
      "summary made",
    );
    return stored ?? (await current(summaries, key));
  } catch (error) {
    const { reason, retryInMs } = failureOf(error);
    const log = error instanceof SummaryFailedError || error instanceof NoSuchVideoError ? "warn" : "error";
    context.log[log]({ err: error, videoId: key.videoId }, `summary failed: ${reason}`);
    const now = context.now();
    const stored = await summaries.fail(key, owner, reason, new Date(now.getTime() + retryInMs), now);
    return stored ?? (await current(summaries, key));
  } finally {
    stopRenewing();
  }
}

/** Our claim was taken over (we were too slow to renew it): the row is whatever the new holder made. */
async function current(summaries: SummaryRepository, key: SummaryKey): Promise<SummaryRow> {
  const row = await summaries.find(key);
  if (!row) throw new Error(`summary ${key.videoId}/${key.version} vanished`);
  return row;
}

class NoSuchVideoError extends Error {
  constructor() {
    super("YouTube does not know this video.");
  }
}

async function write(context: SummariserContext, videoId: string, attempt: number) {
  const video = await knownVideo(context, videoId);
  if (!video) throw new NoSuchVideoError();
  let transcript = null;
  try {
    transcript = await context.transcripts.fetch({ videoId });
  } catch (error) {
    // A summary from the description is worse than one a few minutes later; after a few tries it beats none.
    if (!(error instanceof TranscriptUnavailableError) || attempt < TRANSCRIPT_ATTEMPTS) throw error;
    context.log.warn({ err: error, videoId }, "captions still unavailable; summarising the description");
  }
  return context.writer.write({
    video: {
      videoId,
      title: video.title,
      description: video.description,
      durationSeconds: video.duration_seconds,
    },
    transcript,
  });
}

function failureOf(error: unknown): { reason: string; retryInMs: number } {
  if (error instanceof SummaryFailedError)
    return { reason: error.reason, retryInMs: RETRY_AFTER_VIDEO_FAILURE_MS };
  if (error instanceof NoSuchVideoError)
    return { reason: error.message, retryInMs: RETRY_AFTER_VIDEO_FAILURE_MS };
  if (error instanceof TranscriptUnavailableError) {
    return {
      reason: "The video's captions could not be fetched just now.",
      retryInMs: RETRY_AFTER_OUTAGE_MS,
    };
  }
  if (error instanceof ServiceUnavailableError) {
    return { reason: `The ${error.service} service did not answer.`, retryInMs: RETRY_AFTER_OUTAGE_MS };
  }
  // The model's outage (WriterUnavailableError) and anything unforeseen: soon again, never a crash.
  return { reason: "The summary could not be written just now.", retryInMs: RETRY_AFTER_OUTAGE_MS };
}
