import { HttpError } from "@tubedigest/http";
import type { ChannelVideo } from "../clients/catalog-client.ts";
import { messages } from "./messages.ts";
import { type SummaryOutcome, summariseVideo } from "./summarise-video.ts";
import type { SummariserContext } from "./summariser-context.ts";
import { channelHeading, summaryMarkdown, videoHeading } from "./summary-markdown.ts";

/** A preview shows the week of each channel: the same window as a first newsletter. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Summaries shown per channel; the rest of the week is counted, as the newsletter would hold it. */
const PREVIEW_VIDEOS_PER_CHANNEL = 3;

export interface PreviewChannel {
  youtubeId: string;
  title: string;
}

export interface Preview {
  /** Markdown, as the newsletter's body would read. */
  content: string;
  channels: { title: string; videoCount: number }[];
  /** Summaries still being written when the preview answered (they are kept for next time). */
  pending: number;
}

interface ChannelWeek {
  channel: PreviewChannel;
  /** This week's videos a newsletter would summarise (no Shorts, no streams still live), newest first. */
  videos: ChannelVideo[];
}

/**
 * A newsletter preview of the chosen channels (SPEC §2 /preview): each channel's videos of the last
 * seven days, the newest summarised. Summaries already made answer at once; new ones are made (once,
 * whoever else asks) while the preview waits up to its limit, then it answers with what is ready and
 * says how many are still being written.
 */
export async function generatePreview(
  context: SummariserContext,
  input: { channels: PreviewChannel[] },
): Promise<Preview> {
  const now = context.now();
  const since = new Date(now.getTime() - WEEK_MS);
  const weeks: ChannelWeek[] = await Promise.all(
    input.channels.map(async (channel) => {
      const videos = await context.catalog.channelVideos(channel.youtubeId, since);
      if (videos === null) throw new HttpError(404, messages.channelNotFound(channel.title));
      const eligible = videos
        .filter((video) => !video.skipInDigest)
        .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
      return { channel, videos: eligible };
    }),
  );
  const waitUntil = new Date(now.getTime() + context.previewWaitMs);
  const outcomes = new Map<string, SummaryOutcome>();
  await Promise.all(
    weeks.flatMap((week) =>
      week.videos.slice(0, PREVIEW_VIDEOS_PER_CHANNEL).map(async (video) => {
        outcomes.set(
          video.youtubeVideoId,
          await summariseVideo(context, video.youtubeVideoId, { waitUntil }),
        );
      }),
    ),
  );
  const pending = [...outcomes.values()].filter((outcome) => outcome.status === "pending").length;
  return {
    content: previewMarkdown(weeks, outcomes, pending),
    channels: weeks.map((week) => ({ title: week.channel.title, videoCount: week.videos.length })),
    pending,
  };
}

function previewMarkdown(
  weeks: ChannelWeek[],
  outcomes: Map<string, SummaryOutcome>,
  pending: number,
): string {
  const blocks = weeks.map((week) => {
    const heading = channelHeading(week.channel.title);
    if (week.videos.length === 0) {
      return `${heading}\n\n_No new videos this week. New uploads appear in your newsletter as soon as they are published._`;
    }
    const shown = week.videos.slice(0, PREVIEW_VIDEOS_PER_CHANNEL).map((video) => {
      const outcome = outcomes.get(video.youtubeVideoId);
      const body =
        outcome?.status === "ready"
          ? summaryMarkdown(video.youtubeVideoId, outcome.summary)
          : outcome?.status === "failed"
            ? "_This summary could not be made just now; your newsletter will try again._"
            : "_This summary is still being written; it will be in your newsletter._";
      return `${videoHeading(video.youtubeVideoId, video.title)}\n\n${body}`;
    });
    const more = week.videos.length - shown.length;
    if (more > 0)
      shown.push(`_…and ${more} more ${more === 1 ? "video" : "videos"} this week in your newsletter._`);
    return [heading, ...shown].join("\n\n");
  });
  const intro =
    pending > 0
      ? `_${pending} ${pending === 1 ? "summary is" : "summaries are"} still being written. They will be in your first newsletter._`
      : undefined;
  return ["# Your weekly digest", ...(intro ? [intro] : []), ...blocks].join("\n\n");
}
