import type { VideoPublishedData } from "@tubedigest/contracts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { FollowRepository } from "../store/follow-repository.ts";
import { summariseVideo } from "./summarise-video.ts";

/** The summary could not be made for a reason that passes (the model, catalog or captions were down). */
export class SummaryOutageError extends Error {
  constructor(videoId: string, reason: string) {
    super(`summary of ${videoId} not made yet: ${reason}`);
    this.name = "SummaryOutageError";
  }
}

/**
 * A followed channel published a video: summarise it now, through the week, so Monday's digests are
 * composed from stored summaries instead of waiting on the model. Nobody following the channel any more
 * (an unfollow since catalog's check) leaves it for whoever asks later. The video's own failure is stored
 * with the summary and not tried again here; an outage is thrown, for the bus to try again later.
 */
export async function summarisePublishedVideo(
  context: SummariserContext,
  video: VideoPublishedData,
): Promise<"summarised" | "not-followed" | "failed"> {
  if (!(await new FollowRepository(context.db).isFollowedByAnyone(video.youtubeChannelId))) {
    return "not-followed";
  }
  const outcome = await summariseVideo(context, video.youtubeVideoId);
  if (outcome.status === "ready") return "summarised";
  if (outcome.status === "failed" && !outcome.passing) return "failed";
  throw new SummaryOutageError(
    video.youtubeVideoId,
    outcome.status === "failed" ? outcome.reason : "pending",
  );
}
