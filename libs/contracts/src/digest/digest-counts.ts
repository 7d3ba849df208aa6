import type { Digest } from "./digest.ts";

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** "12 new videos from 5 channels", or "no new videos": what a digest holds, as its opening line says it. */
export function digestCounts(digest: Digest): string {
  const withVideos = digest.channels.filter((channel) => channel.videos.length > 0);
  const videos = withVideos.reduce((sum, channel) => sum + channel.videos.length, 0);
  if (videos === 0) return "no new videos";
  return `${countOf(videos, "new video")} from ${countOf(withVideos.length, "channel")}`;
}
