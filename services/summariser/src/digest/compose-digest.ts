import { randomUUID } from "node:crypto";
import { createEvent } from "@tubedigest/contracts";
import { writeWeekGlance } from "../glance/write-week-glance.ts";
import { leaseEnd, renewWhileWorking } from "../shared/lease.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { type DigestKey, DigestRepository, type DigestRow } from "../store/digest-repository.ts";
import { NewsletterRepository } from "../store/newsletter-repository.ts";
import { SummaryOutageError } from "../summaries/summarise-published-video.ts";
import { readySummaries, type SummaryOutcome, summariseVideo } from "../summaries/summarise-video.ts";
import { COMPOSE_ATTEMPTS } from "./digest-jobs.ts";
import { weekLabel } from "./digest-week.ts";
import {
  glanceVideosOf,
  type NewsletterContent,
  type NewsletterVideo,
  newsletterContent,
  withGlance,
} from "./newsletter-content.ts";
import { newsletterLinkToken } from "./newsletter-link.ts";

/** A first digest covers the week before it was due. */
const DIGEST_DAYS = 7;
const DAY_MS = 24 * 3_600_000;

/** Why a digest was skipped, as its row and the metrics say it. */
export const SKIP_REASONS = {
  noChannels: "no-channels",
  noNewVideos: "no-new-videos",
  noSummaries: "no-summaries",
  paused: "paused",
} as const;

/** A newsletter asked for now (its key `now:<time>`), which a pause of the weekly digest does not stop. */
const ON_DEMAND_KEY = /^now:/;

/** Another worker holds the digest's lease: the queue tries again later, by when it is done or lapsed. */
class DigestBusyError extends Error {
  constructor(key: DigestKey) {
    super(`digest ${key.userId}/${key.weekKey} is being composed elsewhere`);
    this.name = "DigestBusyError";
  }
}

/** Our lease lapsed and was taken over while we worked: the new holder composes it. */
class LeaseLostError extends Error {}

type Composition =
  | { kind: "skipped"; reason: string; coveredUntil: Date }
  | { kind: "composed"; newsletter: NewsletterContent; coveredUntil: Date; leftOut: number };

/**
 * The compose job: one user's digest of one week (or one asked for now). The row is leased first, so of
 * two workers (a stalled job run again, two replicas) one composes; a digest already composed or skipped
 * is left alone. The newsletter, the row's end and newsletter.composed are written in one transaction,
 * and the newsletter's unique (user, week) key stands behind the lease. An outage (catalog, the model)
 * is thrown for the queue to try again, and after the last try the digest is marked failed.
 */
export async function composeDigest(
  context: SummariserContext,
  key: DigestKey,
  job: { attempt: number },
): Promise<void> {
  const digests = new DigestRepository(context.db);
  const owner = context.leases.owner;
  const lastTry = job.attempt >= COMPOSE_ATTEMPTS;
  const row = await digests.takeLease(key, owner, leaseEnd(context), context.now());
  if (!row) {
    const current = await digests.find(key);
    if (current?.status === "composing" && !lastTry) throw new DigestBusyError(key);
    context.log.info({ ...key, status: current?.status }, "digest not ours to compose; left as it is");
    return;
  }
  const stopRenewing = renewWhileWorking(
    context,
    (leaseUntil) => digests.renewLease(key, owner, leaseUntil),
    key,
  );
  try {
    const composition = await compose(context, row);
    if (composition.kind === "skipped") {
      const settled = await digests.settle(
        key,
        owner,
        { status: "skipped", reason: composition.reason, covered_until: composition.coveredUntil },
        context.now(),
      );
      if (settled) context.metrics.digestFinished("skipped", composition.reason);
      context.log.info({ ...key, reason: composition.reason }, "digest skipped");
      return;
    }
    const newsletterId = await store(context, row, composition);
    if (newsletterId) {
      context.metrics.digestFinished("composed");
      context.log.info({ ...key, newsletterId, leftOut: composition.leftOut }, "digest composed");
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const status = lastTry ? "failed" : "queued";
    await digests.settle(key, owner, { status, reason: reason.slice(0, 500) }, context.now());
    if (!lastTry) throw error;
    context.metrics.digestFinished("failed");
    context.log.error({ err: error, ...key }, "digest failed after its last try");
  } finally {
    stopRenewing();
  }
}

/** Gathers the user's new videos since their last digest and their summaries. */
async function compose(context: SummariserContext, row: DigestRow): Promise<Composition> {
  const coveredUntil = context.now();
  // The reader's channels, pause, language for summaries (each video's own when they chose none) and last digest.
  const reader = await new DigestRepository(context.db).readerOf(row.user_id, row.week_start, row.due_at);
  // Paused after the week's digest was queued (the reader paused on Monday morning): none goes out.
  const weekly = !ON_DEMAND_KEY.test(row.week_key);
  if (weekly && reader.paused) return { kind: "skipped", reason: SKIP_REASONS.paused, coveredUntil };
  const follows = reader.follows;
  if (follows.length === 0) return { kind: "skipped", reason: SKIP_REASONS.noChannels, coveredUntil };
  // From where the last digest stopped: a reader who moved their delivery to a later day gets everything
  // since their last one. But a reader back after two weeks or more without a plan gets the week before
  // this one was due, not all they missed.
  const dueAt = row.due_at.getTime();
  const lastCovered = reader.lastCoveredUntil?.getTime();
  const recent = lastCovered !== undefined && lastCovered >= dueAt - 2 * DIGEST_DAYS * DAY_MS;
  const since = new Date(recent ? lastCovered : dueAt - DIGEST_DAYS * DAY_MS);

  const listings = await context.catalog.channelsVideos(
    follows.map((follow) => follow.youtube_channel_id),
    since,
  );
  const channels = follows.map((follow) => {
    const listed = listings.get(follow.youtube_channel_id)?.videos ?? [];
    const videos = listed.filter((video) => {
      const at = Date.parse(video.publishedAt);
      return !video.skipInDigest && at > since.getTime() && at <= coveredUntil.getTime();
    });
    return { title: follow.title, videos };
  });
  if (channels.every((channel) => channel.videos.length === 0)) {
    return { kind: "skipped", reason: SKIP_REASONS.noNewVideos, coveredUntil };
  }

  const language = reader.summaryLanguage;
  const videoIds = channels.flatMap((channel) => channel.videos.map((video) => video.youtubeVideoId));
  const ready = await readySummaries(context, videoIds, language);
  const summarised = await Promise.all(
    channels.map(async (channel) => ({
      title: channel.title,
      videos: await Promise.all(
        channel.videos.map(async (video): Promise<NewsletterVideo> => {
          const outcome = await summariseVideo(context, video.youtubeVideoId, { language, ready });
          if (outcome.status === "failed" && outcome.passing) {
            throw new SummaryOutageError(video.youtubeVideoId, outcome.reason);
          }
          return {
            videoId: video.youtubeVideoId,
            title: video.title,
            publishedAt: new Date(video.publishedAt),
            // Without a deadline the wait ends only when the summary is made or has failed.
            summary: outcome.status === "ready" ? outcome.summary : { failed: failureOf(outcome) },
          };
        }),
      ),
    })),
  );
  const draft = newsletterContent(row.week_start, summarised);
  if (draft.channels.length === 0) {
    return { kind: "skipped", reason: SKIP_REASONS.noSummaries, coveredUntil };
  }
  const newsletter = withGlance(draft, await writeWeekGlance(context, glanceVideosOf(draft.channels)));
  const leftOut = summarised
    .flatMap((channel) => channel.videos)
    .filter((video) => "failed" in video.summary);
  return { kind: "composed", newsletter, coveredUntil, leftOut: leftOut.length };
}

const failureOf = (outcome: SummaryOutcome) =>
  outcome.status === "failed" ? outcome.reason : "The summary is still being written.";

/**
 * Stores the newsletter, ends the digest and records newsletter.composed, together or not at all.
 * Undefined when our lease was taken over meanwhile (the new holder stores its own).
 */
async function store(
  context: SummariserContext,
  row: DigestRow,
  composition: Extract<Composition, { kind: "composed" }>,
): Promise<string | undefined> {
  const key = { userId: row.user_id, weekKey: row.week_key };
  const newsletterId = randomUUID();
  const now = context.now();
  const { subject, content, channels, glance } = composition.newsletter;
  try {
    await context.db.transaction().execute(async (trx) => {
      const settled = await new DigestRepository(trx).settle(
        key,
        context.leases.owner,
        {
          status: "composed",
          newsletter_id: newsletterId,
          covered_until: composition.coveredUntil,
          reason: composition.leftOut > 0 ? `${composition.leftOut} video(s) left out: no summary` : null,
        },
        now,
      );
      const stored =
        settled &&
        (await new NewsletterRepository(trx).insert({
          id: newsletterId,
          userId: row.user_id,
          weekKey: row.week_key,
          subject,
          content,
          channels,
          glance,
          coveredUntil: composition.coveredUntil,
          createdAt: now,
        }));
      if (!stored) throw new LeaseLostError();
      await context.recordEvent(
        trx,
        createEvent(
          "newsletter.composed",
          {
            newsletterId,
            userId: row.user_id,
            weekLabel: weekLabel(row.week_start),
            subject,
            readToken: newsletterLinkToken(context.newsletterLinkKey, {
              id: newsletterId,
              userId: row.user_id,
            }),
            channels,
            glance,
          },
          { correlationId: `digest:${row.user_id}:${row.week_key}` },
        ),
      );
    });
  } catch (error) {
    if (!(error instanceof LeaseLostError)) throw error;
    context.log.warn(key, "digest's lease was taken over while composing; the new holder stores it");
    return undefined;
  }
  return newsletterId;
}
