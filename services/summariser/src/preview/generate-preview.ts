import { createEvent, DEFAULT_TIME_ZONE } from "@tubedigest/contracts";
import { digestSubject } from "@tubedigest/contracts/digest";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import { HttpError } from "@tubedigest/http/http-error";
import type { ChannelVideo } from "../adapters/service-clients/catalog-client.ts";
import { digestWeek, weekLabel, weekStartDay } from "../digest/digest-week.ts";
import { extractiveGlance } from "../glance/extractive-glance-writer.ts";
import type { GlanceVideo } from "../glance/glance-writer.ts";
import { groundedGlance } from "../glance/grounded-glance.ts";
import { messages } from "../shared/messages.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { type SummaryOutcome, summariseVideo } from "../summaries/summarise-video.ts";
import {
  channelHeading,
  glanceMarkdown,
  summaryMarkdown,
  videoHeading,
} from "../summaries/summary-markdown.ts";
import { previewBullets } from "./preview-bullets.ts";

/** A preview shows the week of each channel: the same window as a first newsletter. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Video titles listed per channel; the rest of the week is counted, as the newsletter would hold it. */
const PREVIEW_VIDEOS_PER_CHANNEL = 3;
/** Under each video after the first: its summary is what a plan unlocks, so the preview has only the title. */
const LOCKED_SUMMARY = "_Summarised in your weekly newsletter._";

export interface PreviewChannel {
  youtubeId: string;
  /** The title the browser sent: named in a refusal when catalog does not know the channel. */
  title: string;
}

export interface Preview {
  /** The subject line a digest of these channels made now would carry. */
  subject: string;
  /** Markdown, as the newsletter's body would read. */
  content: string;
  channels: { title: string; videoCount: number }[];
  /** Summaries still being written when the preview answered (they are kept for next time). */
  pending: number;
}

interface ChannelWeek {
  youtubeId: string;
  /** Catalog's title for the channel, never the browser's. */
  title: string;
  /** This week's videos a newsletter would summarise (no Shorts, no streams still live), newest first. */
  videos: ChannelVideo[];
}

/**
 * A newsletter preview of the chosen channels (docs/product.md#preview): what the page shows readable — the
 * first video's summary, made once whoever else asks, waited for up to the preview's limit — and of the rest
 * only the titles and counts (the page blurs them; the summaries are what a plan pays for). Channel titles
 * come from catalog. For a known account (`viewer`: signed in, or holding the claim on the account their
 * browser made) the preview is recorded as preview.shown, from which the mailer writes the abandonment
 * e-mail.
 */
export async function generatePreview(
  context: SummariserContext,
  input: { channels: PreviewChannel[]; viewer: string | undefined; correlationId: string },
): Promise<Preview> {
  const now = context.now();
  const since = new Date(now.getTime() - WEEK_MS);
  const weeks: ChannelWeek[] = await Promise.all(
    input.channels.map(async (channel) => {
      const listing = await context.catalog.channelVideos(channel.youtubeId, since);
      if (listing === null) throw new HttpError(404, messages.channelNotFound(channel.title));
      const eligible = listing.videos
        .filter((video) => !video.skipInDigest)
        .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
      return { youtubeId: channel.youtubeId, title: listing.title, videos: eligible };
    }),
  );
  const first = weeks.find((week) => week.videos.length > 0)?.videos[0];
  const outcome = first
    ? await summariseVideo(context, first.youtubeVideoId, {
        waitUntil: new Date(now.getTime() + context.previewWaitMs),
      })
    : undefined;
  if (input.viewer) await recordPreviewShown(context, input.viewer, weeks, outcome, input.correlationId);
  const timeZone =
    (input.viewer && (await new RecipientRepository(context.db).find(input.viewer))?.time_zone) ||
    DEFAULT_TIME_ZONE;
  const { weekStart } = digestWeek(timeZone, now);
  return {
    subject: previewSubject(weekStart, weeks),
    content: previewMarkdown(
      weekLabel(weekStart),
      weeks,
      first,
      outcome,
      previewGlance(weeks, first, outcome),
    ),
    channels: weeks.map((week) => ({ title: week.title, videoCount: week.videos.length })),
    pending: outcome?.status === "pending" ? 1 : 0,
  };
}

async function recordPreviewShown(
  context: SummariserContext,
  userId: string,
  weeks: ChannelWeek[],
  outcome: SummaryOutcome | undefined,
  correlationId: string,
): Promise<void> {
  const data = {
    userId,
    channelTitle: weeks[0]?.title.slice(0, 200) || null,
    // A public id: the e-mail's link back to the preview carries it, so the page can show it again.
    channelId: weeks[0]?.youtubeId,
    bullets: outcome?.status === "ready" ? previewBullets(outcome.summary) : [],
    shownAt: context.now().toISOString(),
  };
  await context.db.transaction().execute(async (trx) => {
    await context.recordEvent(trx, createEvent("preview.shown", data, { correlationId }));
  });
}

/**
 * The subject a digest of these channels composed now would carry (as the dashboard's "generate newsletter"
 * makes one): this week's Monday, and the channels with new videos, the newest upload's channel first.
 */
function previewSubject(weekStart: string, weeks: ChannelWeek[]): string {
  const newest = (week: ChannelWeek) => Date.parse(week.videos[0]?.publishedAt ?? "") || 0;
  const withVideos = weeks.filter((week) => week.videos.length > 0).sort((a, b) => newest(b) - newest(a));
  return digestSubject(
    weekStartDay(weekStart),
    withVideos.map((week) => week.title),
  );
}

/**
 * The preview's week at a glance, by the embedded writer whatever writes the summaries (a visitor's
 * preview spends no model time beyond its one summary), from what the page shows readable: the week's
 * titles (every one, so that a count of a channel's videos is the week's, as the page says it) and the
 * first video's key points.
 */
function previewGlance(
  weeks: ChannelWeek[],
  first: ChannelVideo | undefined,
  outcome: SummaryOutcome | undefined,
) {
  const videos: GlanceVideo[] = weeks.flatMap((week) =>
    week.videos.map((video) => ({
      ref: video.youtubeVideoId,
      channel: week.title,
      title: video.title,
      url: watchUrl(video.youtubeVideoId),
      keyPoints:
        video === first && outcome?.status === "ready"
          ? (outcome.summary.key_points ?? []).map((point) => point.text)
          : [],
    })),
  );
  return glanceMarkdown(groundedGlance(extractiveGlance(videos), videos), videos);
}

function previewMarkdown(
  week: string,
  weeks: ChannelWeek[],
  first: ChannelVideo | undefined,
  outcome: SummaryOutcome | undefined,
  glance: string,
): string {
  const blocks = weeks.map((week) => {
    const heading = channelHeading(week.title);
    if (week.videos.length === 0) {
      return `${heading}\n\n_No new videos this week. New uploads appear in your newsletter as soon as they are published._`;
    }
    const shown = week.videos.slice(0, PREVIEW_VIDEOS_PER_CHANNEL).map((video) => {
      const body = video === first ? summaryBody(video, outcome) : LOCKED_SUMMARY;
      return `${videoHeading(video.youtubeVideoId, video.title)}\n\n${body}`;
    });
    const more = week.videos.length - shown.length;
    if (more > 0)
      shown.push(`_…and ${more} more ${more === 1 ? "video" : "videos"} this week in your newsletter._`);
    return [heading, ...shown].join("\n\n");
  });
  return [`# ${week}`, ...(glance ? [glance] : []), ...blocks].join("\n\n");
}

function summaryBody(video: ChannelVideo, outcome: SummaryOutcome | undefined): string {
  if (outcome?.status === "ready") return summaryMarkdown(video.youtubeVideoId, outcome.summary);
  if (outcome?.status === "failed") {
    return "_This summary could not be made just now; your newsletter will try again._";
  }
  return "_This summary is still being written; it will be in your newsletter._";
}
