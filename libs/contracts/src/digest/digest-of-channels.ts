import type { Digest } from "./digest.ts";
import { videoOf } from "./read-digest-markdown.ts";
import { readVideoSummary } from "./read-video-summary.ts";
import type { SummaryReader } from "./summary-reader.ts";
import { glanceOfStored, type StoredGlanceLine } from "./week-glance.ts";
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
 * markdown), each video's summary read from its markdown, no key point repeated within a channel, and the
 * week at a glance with each line's videos (only those the newsletter holds). The e-mail and the archive
 * page both start here, so they show the same newsletter. `read` reads each summary's markdown (one that
 * remembers what it read, for a caller building many digests of the same week).
 */
export function digestOfChannels(
  channels: readonly StoredDigestChannel[],
  title: string | null,
  glance: readonly StoredGlanceLine[] = [],
  read: SummaryReader = readVideoSummary,
): Digest {
  const digest = withoutRepeatedPoints({
    title,
    channels: channels.map((channel) => ({
      title: oneLine(channel.title),
      notes: [],
      videos: channel.videos.map((stored) => {
        const url = HTTP_URL.test(stored.url) ? stored.url : null;
        const video = videoOf(oneLine(stored.title), url, stored.publishedAt);
        return { ...video, ...read(stored.summaryMarkdown) };
      }),
    })),
  });
  return { ...digest, glance: glanceOfStored(glance, digest.channels) };
}
