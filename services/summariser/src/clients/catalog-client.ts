import { HttpError } from "@tubedigest/http/http-error";
import { callService } from "./service-call.ts";

/** A channel's upload as catalog lists it (`GET /internal/channels/{id}/videos`). */
export interface ChannelVideo {
  youtubeVideoId: string;
  url: string;
  title: string;
  publishedAt: string;
  durationSeconds: number | null;
  thumbnailUrl: string;
  isShort: boolean;
  liveStatus: "none" | "live" | "upcoming";
  /** Shorts and streams that are live or upcoming: digests and previews leave them out. */
  skipInDigest: boolean;
}

/** A channel's title and its uploads, as catalog lists them. */
export interface ChannelListing {
  /** The channel's title as YouTube gives it. */
  title: string;
  videos: ChannelVideo[];
}

/** Any public video as catalog describes it (`GET /internal/videos/{id}`). */
export interface VideoDescription {
  youtubeVideoId: string;
  youtubeChannelId: string;
  title: string;
  description: string;
  publishedAt: string;
  durationSeconds: number | null;
  thumbnailUrl: string;
  isShort: boolean;
  liveStatus: "none" | "live" | "upcoming";
  /** The language spoken, when the uploader set it; absent from a catalog that does not say. */
  language?: string | null | undefined;
}

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
        callService<ChannelListing>(
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
