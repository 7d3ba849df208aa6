import { HttpError } from "@tubedigest/http/http-error";
import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import { type Video, VideoRepository } from "../store/video-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { checkChannelUploads } from "./check-channel-uploads.ts";
import { messages } from "./messages.ts";
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
 * "New videos of channel X since T" for other services (previews, sample newsletters): as
 * `videosSinceOfChannels`, 404 for a channel YouTube does not know.
 */
export async function videosSince(
  context: CatalogContext,
  input: { youtubeChannelId: string; since: Date; correlationId: string },
): Promise<ChannelVideos> {
  const { since, correlationId } = input;
  const { channels } = await videosSinceOfChannels(context, {
    youtubeChannelIds: [input.youtubeChannelId],
    since,
    correlationId,
  });
  const [answer] = channels;
  if (!answer) throw new HttpError(404, messages.channelNotFound);
  return answer;
}

/**
 * "New videos of channels X, Y… since T" for other services (the summariser's digests). Checks each
 * channel's uploads first unless a recent check exists, then answers from catalog's store, the channels
 * and their videos each read in one statement for all. When YouTube cannot be asked, a channel's stored
 * videos are answered and `upToDate` says so, rather than failing a whole digest. Each distinct channel
 * is answered once, in the order asked; one YouTube does not know is named in `unknown` instead.
 */
export async function videosSinceOfChannels(
  context: CatalogContext,
  input: { youtubeChannelIds: readonly string[]; since: Date; correlationId: string },
): Promise<{ channels: ChannelVideos[]; unknown: string[] }> {
  const ids = [...new Set(input.youtubeChannelIds)];
  const channels = new ChannelRepository(context.db);
  const stored = new Map(
    (await channels.findMany(ids)).map((channel) => [channel.youtube_channel_id, channel]),
  );
  const checked = await Promise.all(
    ids.map(async (youtubeChannelId) => {
      try {
        const channel =
          stored.get(youtubeChannelId) ??
          (await channels.saveDetails(await resolveChannel(context, youtubeChannelId), context.now()));
        return await checkedUploads(context, channel, input.correlationId);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return youtubeChannelId;
        throw error;
      }
    }),
  );
  const found = checked.filter((answer) => typeof answer !== "string");
  const videos = await new VideoRepository(context.db).publishedAfterEach(
    found.map((answer) => answer.youtubeChannelId),
    input.since,
    MAX_VIDEOS,
  );
  return {
    channels: found.map((answer) => ({ ...answer, videos: videos.get(answer.youtubeChannelId) ?? [] })),
    unknown: checked.filter((answer) => typeof answer === "string"),
  };
}

/** The channel with its uploads checked, or with what earlier checks found when YouTube cannot be asked. */
async function checkedUploads(
  context: CatalogContext,
  channel: Channel,
  correlationId: string,
): Promise<Omit<ChannelVideos, "videos">> {
  let upToDate = true;
  let checkedAt = channel.uploads_checked_at;
  try {
    checkedAt = (await checkChannelUploads(context, channel, { correlationId })).checkedAt;
  } catch (error) {
    if (!isYoutubeFailure(error)) throw error;
    context.log.warn({ err: error, channel: channel.youtube_channel_id }, "answering stored videos only");
    upToDate = false;
  }
  return { youtubeChannelId: channel.youtube_channel_id, title: channel.title, upToDate, checkedAt };
}
