import type { Digest } from "./digest.ts";
import { videoOf } from "./read-digest-markdown.ts";
import { readVideoSummary } from "./read-video-summary.ts";
import { withoutRepeatedPoints } from "./without-repeated-points.ts";

/** A newsletter's channel as stored and carried by newsletter.composed: each video with its summary's markdown. */
export interface StoredDigestChannel {
  title: string;
  videos: readonly { title: string; url: string; publishedAt: string; summaryMarkdown: string }[];
}

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * A stored newsletter (or the event that mails it) as a digest: titles as they are (they are text, not
 * markdown), each video's summary read from its markdown, no key point repeated within a channel. The
 * e-mail and the archive page both start here, so they show the same newsletter.
 */
export function digestOfChannels(channels: readonly StoredDigestChannel[], title: string | null): Digest {
  return withoutRepeatedPoints({
    title,
    channels: channels.map((channel) => ({
      title: oneLine(channel.title),
      notes: [],
      videos: channel.videos.map((stored) => {
        const url = HTTP_URL.test(stored.url) ? stored.url : null;
        const video = videoOf(oneLine(stored.title), url, stored.publishedAt);
        return { ...video, ...readVideoSummary(stored.summaryMarkdown) };
      }),
    })),
  });
}
