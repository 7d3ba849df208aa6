import type { DigestChannel, GlanceSource, WeekGlanceLine } from "./digest.ts";

/** A line of the week at a glance as stored and carried by newsletter.composed: its text and the videos it cites. */
export interface StoredGlanceLine {
  text: string;
  /** The addresses of the digest's videos it rests on. */
  videoUrls: string[];
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The stored lines, each citing only videos of `channels` (by address): a citation of anything else is
 * dropped, and a line left citing nothing is dropped with it, so nothing shown rests on what the digest
 * does not hold.
 */
export function glanceOfStored(
  lines: readonly StoredGlanceLine[],
  channels: readonly Pick<DigestChannel, "videos">[],
): WeekGlanceLine[] {
  const videos = new Map<string, GlanceSource>();
  for (const video of channels.flatMap((channel) => channel.videos)) {
    if (video.url && !videos.has(video.url)) videos.set(video.url, { title: video.title, url: video.url });
  }
  return lines.flatMap((line) => {
    const sources = [...new Set(line.videoUrls)].flatMap((url) => {
      const source = videos.get(url);
      return source ? [source] : [];
    });
    const text = oneLine(line.text);
    return sources.length > 0 && text !== "" ? [{ text: [{ kind: "text" as const, text }], sources }] : [];
  });
}
