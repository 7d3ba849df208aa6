import {
  digestSubject,
  inlineText,
  rememberingSummaryReader,
  type StoredGlanceLine,
} from "@tubedigest/contracts/digest";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { GlanceVideo } from "../glance/glance-writer.ts";
import type { NewsletterChannel } from "../store/database.ts";
import type { SummaryRow } from "../store/summary-repository.ts";
import {
  channelHeading,
  glanceMarkdown,
  markdownText,
  summaryMarkdown,
  videoHeading,
} from "../summaries/summary-markdown.ts";
import { periodLabel, periodOfKey, periodSubjectDay } from "./digest-week.ts";
import { orderForFocus } from "./order-for-focus.ts";

/** A video a newsletter carries, with its summary, or the reason it has none. */
export interface NewsletterVideo {
  videoId: string;
  title: string;
  publishedAt: Date;
  summary: SummaryRow | { failed: string };
}

export interface NewsletterContent {
  subject: string;
  /** The whole newsletter as markdown: what the history shows. */
  content: string;
  /** Channels by their newest video, videos newest first, only those with a summary: what is mailed. */
  channels: NewsletterChannel[];
  /** The week at a glance the newsletter opens with, each line citing mailed videos. */
  glance: StoredGlanceLine[];
  /** What the reader cares about, which the channels and videos are ordered for; null for none. */
  focus: string | null;
}

/**
 * Each summary is in many readers' newsletters of a week: written as markdown and read back for the
 * glance once per summary, not once per reader. The rows of a batch are shared by its readers.
 */
const markdownOf = new WeakMap<SummaryRow, string>();
function rememberedMarkdown(videoId: string, summary: SummaryRow): string {
  let markdown = markdownOf.get(summary);
  if (markdown === undefined) {
    markdown = summaryMarkdown(videoId, summary);
    markdownOf.set(summary, markdown);
  }
  return markdown;
}
const readSummary = rememberingSummaryReader(8_192);

/** The event's limits on what it carries. */
const MAX_TITLE = 500;
const MAX_SUMMARY = 20_000;

/**
 * A user's newsletter from their channels' new videos: channels ordered by their newest video, videos
 * newest first, each with its summary, then ordered for the reader's focus when they have one (see
 * orderForFocus); a video whose summary failed is named under its channel with the reason, and left out
 * of what is mailed. The subject names the week (or a daily digest's day) and the top channels.
 * `weekStart` is the week's Monday (or the day, for a daily digest: its `periodKey` says so).
 */
export function newsletterContent(
  weekStart: string,
  channels: readonly { title: string; videos: readonly NewsletterVideo[] }[],
  { periodKey = "", focus = null }: { periodKey?: string; focus?: string | null } = {},
): NewsletterContent {
  const byNewest = channels
    .filter((channel) => channel.videos.length > 0)
    .map((channel) => ({
      title: channel.title,
      videos: [...channel.videos].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()),
    }))
    .sort((a, b) => newest(b.videos) - newest(a.videos));
  const ordered = orderForFocus(byNewest, focus, (video) => ({
    title: video.title,
    summary: "failed" in video.summary ? "" : rememberedMarkdown(video.videoId, video.summary),
  }));
  const mailed = ordered
    .map((channel) => ({
      title: channel.title.slice(0, MAX_TITLE),
      videos: channel.videos.flatMap((video) =>
        "failed" in video.summary
          ? []
          : [
              {
                title: video.title.slice(0, MAX_TITLE),
                url: watchUrl(video.videoId),
                publishedAt: video.publishedAt.toISOString(),
                summaryMarkdown: rememberedMarkdown(video.videoId, video.summary).slice(0, MAX_SUMMARY),
              },
            ],
      ),
    }))
    .filter((channel) => channel.videos.length > 0);
  return {
    subject: digestSubject(
      periodSubjectDay(periodKey, weekStart),
      mailed.map((channel) => channel.title),
      periodOfKey(periodKey),
    ),
    content: [`# ${periodLabel(periodKey, weekStart)}`, ...ordered.map(channelMarkdown)].join("\n\n"),
    channels: mailed,
    glance: [],
    focus,
  };
}

/** The newsletter opening with the week at a glance: stored with it, and its markdown under the week's heading. */
export function withGlance(newsletter: NewsletterContent, glance: StoredGlanceLine[]): NewsletterContent {
  if (glance.length === 0) return newsletter;
  const lines = glanceMarkdown(
    glance,
    newsletter.channels.flatMap((channel) => channel.videos),
  );
  const [heading, ...rest] = newsletter.content.split("\n\n");
  return { ...newsletter, glance, content: [heading, lines, ...rest].join("\n\n") };
}

/** The mailed videos as the week at a glance is written from, in the newsletter's order. */
export function glanceVideosOf(channels: readonly NewsletterChannel[]): GlanceVideo[] {
  return channels
    .flatMap((channel) =>
      channel.videos.map((video) => ({ channel: channel.title, title: video.title, url: video.url, video })),
    )
    .map(({ video, ...rest }, index) => ({
      ...rest,
      ref: `v${index + 1}`,
      keyPoints: readSummary(video.summaryMarkdown).keyPoints.map((point) => inlineText(point.text)),
    }));
}

const newest = (videos: readonly NewsletterVideo[]) => videos[0]?.publishedAt.getTime() ?? 0;

function channelMarkdown(channel: { title: string; videos: readonly NewsletterVideo[] }): string {
  const videos = channel.videos.map((video) => {
    const body =
      "failed" in video.summary
        ? `_This video could not be summarised: ${markdownText(video.summary.failed)}_`
        : rememberedMarkdown(video.videoId, video.summary);
    return `${videoHeading(video.videoId, video.title)}\n\n${body}`;
  });
  return [channelHeading(channel.title), ...videos].join("\n\n");
}
