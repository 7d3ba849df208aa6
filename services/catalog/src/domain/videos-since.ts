import { HttpError } from "@tubedigest/http/http-error";
import { ChannelRepository } from "../store/channel-repository.ts";
import { type Video, VideoRepository } from "../store/video-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { checkChannelUploads } from "./check-channel-uploads.ts";
import { resolveChannel } from "./resolve-channel.ts";
import { isYoutubeFailure } from "./youtube-failure.ts";

/** A digest never needs more than this from one channel. */
const MAX_VIDEOS = 200;

export interface ChannelVideos {
  youtubeChannelId: string;
  /** The channel's title as YouTube gives it: what a preview or digest heads the channel with. */
  title: string;
  /** False when YouTube could not be asked just now: the videos are those known from earlier checks. */
  upToDate: boolean;
  /** The last successful check of the channel's uploads; null if none ever succeeded. */
  checkedAt: Date | null;
  videos: Video[];
}

/**
 * "New videos of channel X since T" for other services (the summariser's digests). Checks the channel's
 * uploads first unless a recent check exists, then answers from catalog's store. When YouTube cannot be
 * asked, the stored videos are answered and `upToDate` says so, rather than failing a whole digest.
 */
export async function videosSince(
  context: CatalogContext,
  input: { youtubeChannelId: string; since: Date; correlationId: string },
): Promise<ChannelVideos> {
  const channels = new ChannelRepository(context.db);
  const channel =
    (await channels.find(input.youtubeChannelId)) ??
    (await channels.saveDetails(await resolveChannel(context, input.youtubeChannelId), context.now()));
  let upToDate = true;
  let checkedAt = channel.uploads_checked_at;
  try {
    checkedAt = (await checkChannelUploads(context, channel, { correlationId: input.correlationId }))
      .checkedAt;
  } catch (error) {
    if (!isYoutubeFailure(error)) throw error;
    context.log.warn({ err: error, channel: channel.youtube_channel_id }, "answering stored videos only");
    upToDate = false;
  }
  const videos = await new VideoRepository(context.db).publishedAfter(
    channel.youtube_channel_id,
    input.since,
    MAX_VIDEOS,
  );
  return { youtubeChannelId: channel.youtube_channel_id, title: channel.title, upToDate, checkedAt, videos };
}

/**
 * `videosSince` for several channels at once (a digest's): each distinct channel asked once, all together;
 * one YouTube does not know is named in `unknown` rather than failing the others.
 */
export async function videosSinceOfChannels(
  context: CatalogContext,
  input: { youtubeChannelIds: readonly string[]; since: Date; correlationId: string },
): Promise<{ channels: ChannelVideos[]; unknown: string[] }> {
  const answers = await Promise.all(
    [...new Set(input.youtubeChannelIds)].map(async (youtubeChannelId) => {
      try {
        const { since, correlationId } = input;
        return await videosSince(context, { youtubeChannelId, since, correlationId });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return youtubeChannelId;
        throw error;
      }
    }),
  );
  return {
    channels: answers.filter((answer) => typeof answer !== "string"),
    unknown: answers.filter((answer) => typeof answer === "string"),
  };
}
