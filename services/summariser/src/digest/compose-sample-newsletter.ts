import type { ChannelVideo } from "../adapters/service-clients/catalog-client.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { summariseVideo } from "../summaries/summarise-video.ts";
import { digestWeek } from "./digest-week.ts";
import { type NewsletterVideo, newsletterContent } from "./newsletter-content.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back a featured channel's videos may be: one that did not upload this week still shows. */
const LOOK_BACK_MS = 30 * DAY_MS;
/** Videos per featured channel: a channel's block as a digest shows it, short enough for a landing page. */
const VIDEOS_PER_CHANNEL = 2;

/** A weekly digest as a reader gets it, made of the featured channels' real summaries. */
export interface SampleNewsletter {
  subject: string;
  /** Markdown, as a digest's body reads (what the newsletter history holds). */
  content: string;
  channels: { title: string; videoCount: number }[];
}

export interface ComposedSample {
  /** Null when no featured channel has a summarised video to show. */
  sample: SampleNewsletter | null;
  /** Every featured channel answered and every chosen video's summary was ready. */
  complete: boolean;
}

/**
 * The landing page's sample of the weekly e-mail: the featured channels' newest videos, each summarised
 * once as every summary is (waited for up to the preview's limit), composed by the digest's own code, so
 * its subject and body are those a reader gets on Monday. A video whose summary is not ready is left out,
 * and the sample says whether anything was.
 */
export async function composeSampleNewsletter(
  context: SummariserContext,
  channelIds: readonly string[],
): Promise<ComposedSample> {
  const now = context.now();
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const waitUntil = new Date(now.getTime() + context.previewWaitMs);
  const listed = await Promise.all(channelIds.map((id) => newestVideos(context, id, since)));
  const channels = await Promise.all(
    listed.map(async (listing) => {
      if (!listing) return { title: "", videos: [], complete: false };
      const outcomes = await Promise.all(
        listing.videos.map(async (video) => ({
          video,
          outcome: await summariseVideo(context, video.youtubeVideoId, { waitUntil }),
        })),
      );
      const videos = outcomes.flatMap(({ video, outcome }): NewsletterVideo[] =>
        outcome.status === "ready"
          ? [
              {
                videoId: video.youtubeVideoId,
                title: video.title,
                publishedAt: new Date(video.publishedAt),
                summary: outcome.summary,
              },
            ]
          : [],
      );
      return { title: listing.title, videos, complete: videos.length === listing.videos.length };
    }),
  );
  const shown = channels.filter((channel) => channel.videos.length > 0);
  const complete = channels.every((channel) => channel.complete);
  if (shown.length === 0) return { sample: null, complete };
  const newsletter = newsletterContent(digestWeek("UTC", now).weekStart, shown);
  return {
    sample: {
      subject: newsletter.subject,
      content: newsletter.content,
      // In the digest's order: channels by their newest video.
      channels: newsletter.channels.map((channel) => ({
        title: channel.title,
        videoCount: channel.videos.length,
      })),
    },
    complete,
  };
}

/** A featured channel's newest videos a digest would carry; null when catalog cannot say (left out). */
async function newestVideos(
  context: SummariserContext,
  channelId: string,
  since: Date,
): Promise<{ title: string; videos: ChannelVideo[] } | null> {
  try {
    const listing = await context.catalog.channelVideos(channelId, since);
    if (!listing) {
      context.log.warn({ channelId }, "a featured channel of the sample newsletter is unknown to catalog");
      return null;
    }
    const videos = listing.videos
      .filter((video) => !video.skipInDigest)
      .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
      .slice(0, VIDEOS_PER_CHANNEL);
    return { title: listing.title, videos };
  } catch (error) {
    context.log.warn({ err: error, channelId }, "the sample newsletter could not list a featured channel");
    return null;
  }
}
