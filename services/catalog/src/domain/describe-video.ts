import type { VideoDescription } from "@tubedigest/contracts/catalog-videos";
import { HttpError } from "@tubedigest/http/http-error";
import type { CatalogContext } from "./catalog-context.ts";
import { messages } from "./messages.ts";
import { durationSeconds, isShort } from "./video-kind.ts";
import { asHttpError } from "./youtube-failure.ts";

/**
 * One video as YouTube describes it now, for a summary of any video (the hidden tool, a single
 * summary): its title and description, which stand in for captions when a video has none, and its
 * length, which prices it. One videos.list call (1 unit) on the lookup budget; the summariser keeps the
 * answer, so a video is asked about once.
 */
export async function describeVideo(
  context: CatalogContext,
  youtubeVideoId: string,
): Promise<VideoDescription> {
  let found: Awaited<ReturnType<ReturnType<CatalogContext["youtube"]>["videosByIds"]>>;
  try {
    found = await context.youtube("lookup").videosByIds([youtubeVideoId]);
  } catch (error) {
    throw asHttpError(error, "lookup");
  }
  const video = found.find((candidate) => candidate.id === youtubeVideoId);
  if (!video) throw new HttpError(404, messages.videoNotFound);
  const seconds = durationSeconds(video.duration);
  return {
    youtubeVideoId: video.id,
    youtubeChannelId: video.channelId,
    title: video.title,
    description: video.description,
    publishedAt: video.publishedAt,
    durationSeconds: video.liveBroadcastContent === "none" ? seconds : null,
    thumbnailUrl: video.thumbnailUrl,
    isShort: isShort({ ...video, durationSeconds: seconds }),
    liveStatus: video.liveBroadcastContent,
    language: video.language ?? null,
  };
}
