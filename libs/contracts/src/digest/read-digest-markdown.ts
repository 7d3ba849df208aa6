import { youtubeVideoId } from "../youtube-video-url.ts";
import type { Digest, DigestChannel, DigestVideo } from "./digest.ts";
import { inlineText, readInline } from "./read-inline.ts";
import { readVideoSummary } from "./read-video-summary.ts";
import { videoThumbnail } from "./video-thumbnail.ts";
import { withoutRepeatedPoints } from "./without-repeated-points.ts";

// No closing "#"s: the summariser never writes them, and a title may end in one ("C #").
const HEADING = /^(#{1,6})\s+(.*)$/;

/** A video from its heading ("[Title](https://www.youtube.com/watch?v=…)" or a bare title). */
export function videoOf(title: string, url: string | null, publishedAt: string | null): DigestVideo {
  const videoId = url === null ? undefined : youtubeVideoId(url);
  return {
    videoId: videoId ?? null,
    title,
    url,
    thumbnail: videoId ? videoThumbnail(videoId) : null,
    publishedAt,
    keyPoints: [],
    paragraphs: [],
  };
}

/**
 * A whole newsletter's markdown, as the summariser writes it for the history and the preview, read into
 * its structure: `# week`, `## channel`, `### [video](link)`, then each video's summary (see
 * readVideoSummary). What stands under a channel before its first video is the channel's note. Deeper
 * headings are read as paragraphs; text before the first channel has no place in a digest and is left out.
 */
export function readDigestMarkdown(markdown: string): Digest {
  const digest: Digest = { title: null, channels: [] };
  let channel: DigestChannel | undefined;
  let video: DigestVideo | undefined;
  let body: string[] = [];
  const endBody = () => {
    const summary = readVideoSummary(body.join("\n"));
    body = [];
    if (video) {
      video.keyPoints.push(...summary.keyPoints);
      video.paragraphs.push(...summary.paragraphs);
    } else if (channel) {
      const points = summary.keyPoints.map((point) => ({ note: false, text: point.text }));
      channel.notes.push(...points, ...summary.paragraphs);
    }
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    const level = heading?.[1]?.length ?? 0;
    if (!heading || level > 3) {
      body.push(line);
      continue;
    }
    endBody();
    const runs = readInline(heading[2] ?? "");
    if (level === 1) digest.title = inlineText(runs).trim() || null;
    else if (level === 2) {
      channel = { title: inlineText(runs).trim(), videos: [], notes: [] };
      video = undefined;
      digest.channels.push(channel);
    } else {
      if (!channel) {
        channel = { title: "", videos: [], notes: [] };
        digest.channels.push(channel);
      }
      const [only] = runs;
      const link = runs.length === 1 && only?.kind === "link" ? only : undefined;
      video = videoOf((link?.text ?? inlineText(runs)).trim(), link?.url ?? null, null);
      channel.videos.push(video);
    }
  }
  endBody();
  return withoutRepeatedPoints(digest);
}
