import { MAX_CHANNELS_PER_LISTING } from "@tubedigest/contracts/catalog-videos";
import pLimit from "p-limit";
import type { ChannelListing } from "../adapters/service-clients/catalog-client.ts";
import { writeWeekGlance } from "../glance/write-week-glance.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import {
  type DigestReader,
  DigestRepository,
  type DigestRow,
  digestId,
  keyOf,
} from "../store/digest-repository.ts";
import { SummaryOutageError } from "../summaries/summarise-published-video.ts";
import {
  type ReadySummaries,
  readySummaries,
  type SummaryOutcome,
  summariseVideo,
} from "../summaries/summarise-video.ts";
import { periodOfKey } from "./digest-week.ts";
import {
  glanceVideosOf,
  type NewsletterContent,
  type NewsletterVideo,
  newsletterContent,
  withGlance,
} from "./newsletter-content.ts";

/** Catalog calls a batch has in flight at once. */
const LISTING_CALLS_AT_ONCE = 2;

/** A first digest covers the week before it was due (a daily one, the day). */
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

/** What came of one reader's digest: skipped and why, a newsletter, or an outage to try again. */
export type Composition =
  | { kind: "skipped"; reason: string; coveredUntil: Date }
  | { kind: "composed"; newsletter: NewsletterContent; coveredUntil: Date; leftOut: number }
  | { kind: "outage"; error: unknown };

/** A reader's digest as composing begins: the videos it covers since when, or why it has none. */
type Plan = { kind: "skipped"; reason: string } | { kind: "videos"; reader: DigestReader; since: Date };

/**
 * The newsletters of a batch of digests (rows this worker leases), each reader's from their channels'
 * videos since their last digest. What readers share is asked once for the batch: their reading (one
 * statement), catalog's listing of all their channels (one call per 50 channels, see listingWaves) and
 * the week's ready summaries (one statement per language and wave); then each reader's missing summaries
 * are made (once per video, whoever else waits for it) and their week at a glance written. An outage (catalog, the model) is the
 * answer of the readers it touches, for the job to try them again. Keyed by digestId.
 */
export async function composeNewsletters(
  context: SummariserContext,
  rows: readonly DigestRow[],
): Promise<Map<string, Composition>> {
  const coveredUntil = context.now();
  const readers = await new DigestRepository(context.db).readersOf(rows);
  const compositions = new Map<string, Composition>();
  const covering: { row: DigestRow; reader: DigestReader; since: Date }[] = [];
  for (const row of rows) {
    const plan = planOf(row, readers.get(digestId(keyOf(row))));
    if (plan.kind === "videos") covering.push({ row, ...plan });
    else compositions.set(digestId(keyOf(row)), { kind: "skipped", reason: plan.reason, coveredUntil });
  }
  if (covering.length === 0) return compositions;

  const since = new Date(Math.min(...covering.map((reader) => reader.since.getTime())));
  const waves = listingWaves(
    context,
    covering.map(({ reader }) => reader.follows.map((follow) => follow.youtube_channel_id)),
    since,
  );
  await Promise.all(
    waves.map(async (wave) => {
      const readers = wave.readers.flatMap((index) => covering[index] ?? []);
      let listings: Map<string, ChannelListing>;
      try {
        listings = await wave.listings;
      } catch (error) {
        for (const { row } of readers) compositions.set(digestId(keyOf(row)), { kind: "outage", error });
        return;
      }
      const weeks = readers.map(({ row, reader, since: readerSince }) => ({
        row,
        language: reader.summaryLanguage,
        focus: reader.focus,
        channels: reader.follows.map((follow) => {
          const listed = listings.get(follow.youtube_channel_id)?.videos ?? [];
          const videos = listed.filter((video) => {
            const at = Date.parse(video.publishedAt);
            return !video.skipInDigest && at > readerSince.getTime() && at <= coveredUntil.getTime();
          });
          return { title: follow.title, videos };
        }),
      }));
      const ready = await readyByLanguage(
        context,
        weeks.map((week) => ({
          language: week.language,
          videoIds: week.channels.flatMap((channel) => channel.videos.map((video) => video.youtubeVideoId)),
        })),
      );
      await Promise.all(
        weeks.map(async (week) => {
          const composition = await composeOne(
            context,
            week,
            ready.get(week.language ?? ""),
            coveredUntil,
          ).catch((error: unknown): Composition => ({ kind: "outage", error }));
          compositions.set(digestId(keyOf(week.row)), composition);
        }),
      );
    }),
  );
  return compositions;
}

/**
 * Catalog's listings of the readers' channels, asked 50 channels to a call in the readers' order, a few
 * calls at once, and the readers in waves: each wave the readers whose channels the calls so far hold, so
 * the first readers' summaries and glances start as the first call answers, not when the last does (a
 * Monday's first calls find catalog checking every channel's uploads).
 */
function listingWaves(
  context: SummariserContext,
  readersChannels: readonly (readonly string[])[],
  since: Date,
): { readers: number[]; listings: Promise<Map<string, ChannelListing>> }[] {
  const callOf = new Map<string, number>();
  const calls: string[][] = [];
  for (const channels of readersChannels) {
    for (const channel of channels) {
      if (callOf.has(channel)) continue;
      const last = calls.at(-1);
      if (last && last.length < MAX_CHANNELS_PER_LISTING) last.push(channel);
      else calls.push([channel]);
      callOf.set(channel, calls.length - 1);
    }
  }
  const limit = pLimit(LISTING_CALLS_AT_ONCE);
  const answers = calls.map((channels) => limit(() => context.catalog.channelsVideos(channels, since)));
  // Every call is awaited by its wave; a failure is that wave's outage, and no rejection goes unheard.
  for (const answer of answers) answer.catch(() => undefined);
  const waves = new Map<number, number[]>();
  readersChannels.forEach((channels, index) => {
    const wave = Math.max(0, ...channels.map((channel) => callOf.get(channel) ?? 0));
    waves.set(wave, [...(waves.get(wave) ?? []), index]);
  });
  return [...waves].map(([wave, readers]) => ({
    readers,
    listings: Promise.all(answers.slice(0, wave + 1)).then(
      (maps) => new Map(maps.flatMap((map) => [...map])),
    ),
  }));
}

/** Which videos a reader's digest covers, from where their last one stopped; or why it has none. */
function planOf(row: DigestRow, reader: DigestReader | undefined): Plan {
  // Every asked row is answered; a reader not known here follows nothing.
  if (!reader) return { kind: "skipped", reason: SKIP_REASONS.noChannels };
  // Paused after the week's digest was queued (the reader paused on Monday morning): none goes out.
  if (!ON_DEMAND_KEY.test(row.week_key) && reader.paused)
    return { kind: "skipped", reason: SKIP_REASONS.paused };
  if (reader.follows.length === 0) return { kind: "skipped", reason: SKIP_REASONS.noChannels };
  // From where the last digest stopped: a reader who moved their delivery to a later day gets everything
  // since their last one. But a reader back after two weeks or more without a plan gets the week before
  // this one was due, not all they missed.
  const dueAt = row.due_at.getTime();
  const lastCovered = reader.lastCoveredUntil?.getTime();
  const recent = lastCovered !== undefined && lastCovered >= dueAt - 2 * DIGEST_DAYS * DAY_MS;
  const span = periodOfKey(row.week_key) === "day" ? DAY_MS : DIGEST_DAYS * DAY_MS;
  return { kind: "videos", reader, since: new Date(recent ? lastCovered : dueAt - span) };
}

/** The ready summaries of the readers' videos, one statement per language asked (the video's own: ""). */
async function readyByLanguage(
  context: SummariserContext,
  asked: readonly { language: string | null; videoIds: readonly string[] }[],
): Promise<Map<string, ReadySummaries>> {
  const byLanguage = new Map<string, { language: string | null; videoIds: Set<string> }>();
  for (const { language, videoIds } of asked) {
    const entry = byLanguage.get(language ?? "") ?? { language, videoIds: new Set<string>() };
    for (const videoId of videoIds) entry.videoIds.add(videoId);
    byLanguage.set(language ?? "", entry);
  }
  const answers = await Promise.all(
    [...byLanguage].map(
      async ([key, entry]) =>
        [key, await readySummaries(context, [...entry.videoIds], entry.language)] as const,
    ),
  );
  return new Map(answers);
}

/**
 * One reader's newsletter from their channels' videos: summaries (made now if missing, the same for every
 * reader whatever their focus), ordered for the reader's focus, and the glance.
 */
async function composeOne(
  context: SummariserContext,
  week: {
    row: DigestRow;
    language: string | null;
    focus: string | null;
    channels: { title: string; videos: { youtubeVideoId: string; title: string; publishedAt: string }[] }[];
  },
  ready: ReadySummaries | undefined,
  coveredUntil: Date,
): Promise<Composition> {
  if (week.channels.every((channel) => channel.videos.length === 0)) {
    return { kind: "skipped", reason: SKIP_REASONS.noNewVideos, coveredUntil };
  }
  const language = week.language;
  const summarised = await Promise.all(
    week.channels.map(async (channel) => ({
      title: channel.title,
      videos: await Promise.all(
        channel.videos.map(async (video): Promise<NewsletterVideo> => {
          const outcome = await summariseVideo(context, video.youtubeVideoId, {
            language,
            ...(ready ? { ready } : {}),
          });
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
  const draft = newsletterContent(week.row.week_start, summarised, {
    periodKey: week.row.week_key,
    focus: week.focus,
  });
  if (draft.channels.length === 0) {
    return { kind: "skipped", reason: SKIP_REASONS.noSummaries, coveredUntil };
  }
  const glance = await writeWeekGlance(context, glanceVideosOf(draft.channels), week.focus);
  const newsletter = withGlance(draft, glance);
  const leftOut = summarised
    .flatMap((channel) => channel.videos)
    .filter((video) => "failed" in video.summary);
  return { kind: "composed", newsletter, coveredUntil, leftOut: leftOut.length };
}

const failureOf = (outcome: SummaryOutcome) =>
  outcome.status === "failed" ? outcome.reason : "The summary is still being written.";
