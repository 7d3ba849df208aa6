import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import type { Video } from "../store/video-repository.ts";
import { skipsDigest } from "./skips-digest.ts";

/** The contract's longest title; YouTube's own limit is 100 characters, so only bad data is cut. */
const MAX_TITLE = 500;

/**
 * `video.published` for each of `videos` a digest will carry (no Shorts, no stream still live or
 * upcoming). Callers pass a video only in the transaction that first records it as such, which is what
 * makes each video announced once.
 */
export function videoPublishedEvents(videos: readonly Video[], correlationId: string): AnyEvent[] {
  return videos
    .filter((video) => !skipsDigest(video))
    .map((video) =>
      createEvent(
        "video.published",
        {
          youtubeVideoId: video.youtube_video_id,
          youtubeChannelId: video.youtube_channel_id,
          title: [...video.title].slice(0, MAX_TITLE).join(""),
          publishedAt: video.published_at.toISOString(),
          durationSeconds: video.duration_seconds,
        },
        { correlationId },
      ),
    );
}
