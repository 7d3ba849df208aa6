import {
  type ChannelsVideosReply,
  type ChannelVideo,
  type ChannelVideosReply,
  MAX_CHANNELS_PER_LISTING,
  type VideoDescription,
} from "@tubedigest/contracts/catalog-videos";
import { HttpError } from "@tubedigest/http/http-error";
import { callService } from "./service-call.ts";

export type { ChannelVideo, VideoDescription };

/** A channel's title and its uploads, as catalog lists them. */
export type ChannelListing = Pick<ChannelVideosReply, "title" | "videos">;

/** What the summariser asks catalog, which owns channels, videos and the YouTube quota. */
export interface CatalogClient {
  /** The channel's title and uploads since `since`, oldest first; null for a channel YouTube does not know. */
  channelVideos(youtubeChannelId: string, since: Date): Promise<ChannelListing | null>;
  /** `channelVideos` of several channels in one call (or one per 50); a channel YouTube does not know is absent. */
  channelsVideos(youtubeChannelIds: readonly string[], since: Date): Promise<Map<string, ChannelListing>>;
  /** Null for a video YouTube does not know (deleted, private, a mistyped id). */
  describeVideo(youtubeVideoId: string): Promise<VideoDescription | null>;
}

const orNullWhenMissing = async <T>(call: Promise<T>): Promise<T | null> => {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
};

export function createHttpCatalogClient(catalogUrl: string): CatalogClient {
  const base = catalogUrl.replace(/\/+$/, "");
  return {
    async channelVideos(youtubeChannelId, since) {
      const query = new URLSearchParams({ since: since.toISOString() });
      const answer = await orNullWhenMissing(
        callService<ChannelVideosReply>(
          "catalog",
          `${base}/internal/channels/${encodeURIComponent(youtubeChannelId)}/videos?${query}`,
        ),
      );
      return answer && { title: answer.title, videos: answer.videos };
    },
    async channelsVideos(youtubeChannelIds, since) {
      const ids = [...new Set(youtubeChannelIds)];
      const batches = Array.from({ length: Math.ceil(ids.length / MAX_CHANNELS_PER_LISTING) }, (_, i) =>
        ids.slice(i * MAX_CHANNELS_PER_LISTING, (i + 1) * MAX_CHANNELS_PER_LISTING),
      );
      const answers = await Promise.all(
        batches.map((batch) => {
          const query = new URLSearchParams({ ids: batch.join(","), since: since.toISOString() });
          return callService<ChannelsVideosReply>("catalog", `${base}/internal/channels/videos?${query}`);
        }),
      );
      return new Map(
        answers.flatMap((answer) =>
          answer.channels.map((channel) => [
            channel.youtubeChannelId,
            { title: channel.title, videos: channel.videos },
          ]),
        ),
      );
    },
    describeVideo: (youtubeVideoId) =>
      orNullWhenMissing(
        callService<VideoDescription>(
          "catalog",
          `${base}/internal/videos/${encodeURIComponent(youtubeVideoId)}`,
        ),
      ),
  };
}
