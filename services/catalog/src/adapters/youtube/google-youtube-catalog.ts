import { youtube } from "@googleapis/youtube";
import { readChannels, readSearchChannelIds, readUploadsPage, readVideos } from "./parse-youtube.ts";
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  type YoutubeCatalog,
  YoutubeQuotaError,
  YoutubeUnavailableError,
} from "./youtube-catalog.ts";

export interface GoogleYoutubeOptions {
  apiKey: string;
  /** The SDK's own default (https://youtube.googleapis.com/) when absent. */
  rootUrl?: string | undefined;
  requestTimeoutMs?: number | undefined;
}

const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded"]);
const RATE_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

interface ApiFailure {
  status?: number;
  response?: { data?: unknown };
}

function reasonOf(error: ApiFailure): string | undefined {
  const body = error.response?.data as { error?: { errors?: { reason?: unknown }[] } } | undefined;
  const reason = body?.error?.errors?.[0]?.reason;
  return typeof reason === "string" ? reason : undefined;
}

/** Turns whatever the SDK threw into the two failures the catalog tells apart. */
function translate(error: unknown): Error {
  const failure = (typeof error === "object" && error !== null ? error : {}) as ApiFailure;
  const reason = reasonOf(failure);
  if (failure.status === 403 && reason && QUOTA_REASONS.has(reason)) {
    return new YoutubeQuotaError("quotaExceeded");
  }
  if (failure.status === 429 || (reason && RATE_REASONS.has(reason)))
    return new YoutubeQuotaError("rateLimited");
  const what = failure.status ? `HTTP ${failure.status}${reason ? ` ${reason}` : ""}` : String(error);
  return new YoutubeUnavailableError(`YouTube Data API failed: ${what}`, { cause: error });
}

/** The real adapter: the official SDK with an API key. */
export function createGoogleYoutubeCatalog(options: GoogleYoutubeOptions): YoutubeCatalog {
  const api = youtube({
    version: "v3",
    auth: options.apiKey,
    ...(options.rootUrl ? { rootUrl: options.rootUrl } : {}),
    // No silent retries: a retried call is charged again, and the caller decides what a failure means.
    retry: false,
    timeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });

  async function call(request: () => Promise<{ data: unknown }>): Promise<unknown> {
    try {
      return (await request()).data;
    } catch (error) {
      throw translate(error);
    }
  }

  const CHANNEL_PARTS = ["snippet", "statistics", "contentDetails"];

  return {
    async searchChannelIds(query, limit) {
      const data = await call(() =>
        api.search.list({ part: ["snippet"], type: ["channel"], q: query, maxResults: limit }),
      );
      return readSearchChannelIds(data);
    },
    async channelsByIds(ids) {
      if (ids.length === 0) return [];
      const data = await call(() =>
        api.channels.list({ part: CHANNEL_PARTS, id: [...ids], maxResults: ids.length }),
      );
      return readChannels(data);
    },
    async channelByHandle(handle) {
      const data = await call(() => api.channels.list({ part: CHANNEL_PARTS, forHandle: handle }));
      return readChannels(data)[0];
    },
    async uploadsPage(playlistId, pageToken) {
      const request = { part: ["snippet", "contentDetails"], playlistId, maxResults: 50 };
      let data: unknown;
      try {
        data = (await api.playlistItems.list(pageToken ? { ...request, pageToken } : request)).data;
      } catch (error) {
        // A channel that never uploaded (or removed every upload) has no uploads playlist.
        const failure = error as ApiFailure;
        if (failure?.status === 404 && reasonOf(failure) === "playlistNotFound") return { entries: [] };
        throw translate(error);
      }
      return readUploadsPage(data);
    },
    async videosByIds(ids) {
      if (ids.length === 0) return [];
      const data = await call(() =>
        api.videos.list({ part: ["snippet", "contentDetails"], id: [...ids], maxResults: ids.length }),
      );
      return readVideos(data);
    },
  };
}
