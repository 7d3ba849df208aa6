import { setTimeout as sleep } from "node:timers/promises";
import { ServiceUnavailableError } from "../adapters/service-clients/service-call.ts";
import { SummaryFailedError, type WrittenSummary } from "../adapters/summary-writers/summary-writer.ts";
import { type Transcript, TranscriptUnavailableError } from "../adapters/transcripts/transcript-source.ts";
import { leaseEnd, renewWhileWorking } from "../shared/lease.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import {
  type StoredSummary,
  type SummaryKey,
  SummaryRepository,
  type SummaryRow,
} from "../store/summary-repository.ts";
import { knownVideo } from "./known-video.ts";
import { summaryVersion } from "./summary-version.ts";
import { upgradeWhenDue } from "./upgrade-description-summary.ts";
import { withoutSponsorReads, writeFrom } from "./write-summary.ts";

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

/** Summaries already read as ready, by `summaryId`: asking for one of them costs no statement. */
export type ReadySummaries = ReadonlyMap<string, SummaryRow>;

const summaryId = (key: SummaryKey) => `${key.videoId}/${key.version}/${key.language}`;

/**
 * The ready summaries of many videos (their own language's and `language`'s), in one statement: a digest
 * reads the summaries made during the week at once, and leases only those still missing.
 */
export async function readySummaries(
  context: SummariserContext,
  videoIds: readonly string[],
  language: string | null | undefined,
): Promise<ReadySummaries> {
  const version = summaryVersion(context.writer);
  const languages = language ? ["", language] : [""];
  const rows = await new SummaryRepository(context.db).findReady(videoIds, version, languages);
  return new Map(
    rows.map((row) => [summaryId({ videoId: row.video_id, version, language: row.asked_language }), row]),
  );
}

/**
 * The summary of a video, made once and shared. Of all the askers at one time, in this process or any
 * replica, one leases it in the database and calls the model; the others wait for its row. Waiting ends
 * at `waitUntil` (the work goes on and is stored for the next asker); without it, when the summary is
 * made or has failed. Failures are stored with their reason and tried again later, never thrown.
 *
 * `language` is the reader's (a BCP 47 code): a summary in another language than the video's is the
 * original translated, once per video and language, by a writer that can translate; otherwise the
 * original is the answer. A summary made from the description alone looks for a transcript again in the
 * background when its time comes (see upgradeWhenDue), and is replaced when one is found.
 */
export async function summariseVideo(
  context: SummariserContext,
  videoId: string,
  options: { waitUntil?: Date; language?: string | null | undefined; ready?: ReadySummaries } = {},
): Promise<SummaryOutcome> {
  const version = summaryVersion(context.writer);
  const original = await summaryOf(context, { videoId, version, language: "" }, options);
  if (original.status !== "ready") return original;
  upgradeWhenDue(context, original.summary);
  const wanted = options.language;
  if (!wanted || !context.writer.translate || samePrimaryLanguage(original.summary.language, wanted)) {
    return original;
  }
  return summaryOf(context, { videoId, version, language: wanted }, options);
}

async function summaryOf(
  context: SummariserContext,
  key: SummaryKey,
  { waitUntil, ready }: { waitUntil?: Date; ready?: ReadySummaries },
): Promise<SummaryOutcome> {
  const id = summaryId(key);
  const known = ready?.get(id);
  if (known) return { status: "ready", summary: known };
  let work = context.inFlight.get(id);
  if (!work) {
    work = settle(context, key).finally(() => context.inFlight.delete(id));
    context.inFlight.set(id, work);
  }
  const row = await (waitUntil ? raceDeadline(work, waitUntil, context.now()) : work);
  return outcomeOf(context, row);
}

function outcomeOf(context: SummariserContext, row: SummaryRow | undefined): SummaryOutcome {
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

/** Leases and makes the summary, or waits for whoever holds the lease, until the row is ready or failed. */
async function settle(context: SummariserContext, key: SummaryKey): Promise<SummaryRow> {
  const summaries = new SummaryRepository(context.db);
  for (;;) {
    const now = context.now();
    const lease = await summaries.takeLease(key, context.leases.owner, leaseEnd(context), now);
    if (lease.leased) return make(context, key, lease.row.attempts);
    if (lease.row.status !== "pending") return lease.row;
    await sleep(context.leases.pollMs);
  }
}

/** Makes the summary under our lease, renewing it while the model works, and stores what came of it. */
async function make(context: SummariserContext, key: SummaryKey, attempt: number): Promise<SummaryRow> {
  const summaries = new SummaryRepository(context.db);
  const owner = context.leases.owner;
  const stopRenewing = renewWhileWorking(
    context,
    (leaseUntil) => summaries.renewLease(key, owner, leaseUntil),
    { videoId: key.videoId },
  );
  try {
    const written =
      key.language === ""
        ? await writeOriginal(context, key.videoId, attempt)
        : await translate(context, key);
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

/** Our lease was taken over (we were too slow to renew it): the row is whatever the new holder made. */
async function current(summaries: SummaryRepository, key: SummaryKey): Promise<SummaryRow> {
  const row = await summaries.find(key);
  if (!row) throw new Error(`summary ${key.videoId}/${key.version}/${key.language} vanished`);
  return row;
}

class NoSuchVideoError extends Error {
  constructor() {
    super("YouTube does not know this video.");
  }
}

/** The video's own summary: from its transcript (sponsor reads cut), else its description; points grounded. */
async function writeOriginal(
  context: SummariserContext,
  videoId: string,
  attempt: number,
): Promise<StoredSummary> {
  const video = await knownVideo(context, videoId);
  if (!video) throw new NoSuchVideoError();
  let transcript: Transcript | null = null;
  try {
    transcript = await context.transcripts.fetch({
      videoId,
      language: video.language ?? undefined,
      durationSeconds: video.duration_seconds,
    });
  } catch (error) {
    // A summary from the description is worse than one a few minutes later; after a few tries it beats none.
    if (!(error instanceof TranscriptUnavailableError) || attempt < TRANSCRIPT_ATTEMPTS) throw error;
    context.log.warn({ err: error, videoId }, "no transcript to be had yet; summarising the description");
  }
  return writeFrom(context, video, transcript && (await withoutSponsorReads(context, videoId, transcript)));
}

/** The reader's language: the original summary translated, its moments kept. */
async function translate(context: SummariserContext, key: SummaryKey): Promise<StoredSummary> {
  const summaries = new SummaryRepository(context.db);
  const original = await summaries.find({ ...key, language: "" });
  if (original?.status !== "ready" || !context.writer.translate) {
    throw new Error("the original summary is not ready to be translated");
  }
  const video = await knownVideo(context, key.videoId);
  const written = await context.writer.translate(writtenOf(original), key.language, video?.title ?? "");
  return {
    ...written,
    transcript:
      original.transcript_kind && original.transcript_language
        ? { kind: original.transcript_kind, language: original.transcript_language }
        : null,
    translatedFrom: original.language,
    upgradeAfter: null,
  };
}

function writtenOf(row: SummaryRow): WrittenSummary {
  return {
    keyPoints: row.key_points ?? [],
    paragraph: row.paragraph ?? "",
    sections: row.sections ?? undefined,
    language: row.language ?? "en",
    basis: row.basis ?? "transcript",
    model: row.model ?? "",
    usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
  };
}

export const samePrimaryLanguage = (a: string | null, b: string) =>
  a !== null && a.split("-")[0]?.toLowerCase() === b.split("-")[0]?.toLowerCase();

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
