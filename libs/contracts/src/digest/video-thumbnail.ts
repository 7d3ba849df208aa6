import type { VideoThumbnail } from "./digest.ts";

/**
 * A video's thumbnail on YouTube's image host: "mqdefault" is the 320 × 180 frame every video has, in
 * the video's own 16:9 shape (the larger "hqdefault" is letterboxed to 4:3).
 */
export function videoThumbnail(videoId: string): VideoThumbnail {
  return { url: `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`, width: 320, height: 180 };
}
