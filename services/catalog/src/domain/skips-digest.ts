import type { Video } from "../store/video-repository.ts";

/** Shorts, and streams not yet over, are left out of digests: the one rule both the API and the events use. */
export function skipsDigest(video: Pick<Video, "is_short" | "live_status">): boolean {
  return video.is_short || video.live_status !== "none";
}
