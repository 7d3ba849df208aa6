import type {
  ChannelVideo,
  ChannelVideosReply,
  VideoDescription,
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
    describeVideo: (youtubeVideoId) =>
      orNullWhenMissing(
        callService<VideoDescription>(
          "catalog",
          `${base}/internal/videos/${encodeURIComponent(youtubeVideoId)}`,
        ),
      ),
  };
}
