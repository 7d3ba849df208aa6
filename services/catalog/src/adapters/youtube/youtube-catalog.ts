/**
 * What catalog asks of YouTube, whoever answers: the Data API through the official SDK, or the demo
 * catalog shipped in the repo. Each method is one Data API call; the comment gives its quota cost.
 */
export interface YoutubeCatalog {
  /** search.list for channels (100 units): ids in YouTube's relevance order. */
  searchChannelIds(query: string, limit: number): Promise<string[]>;
  /** channels.list by id, at most 50 ids (1 unit). Unknown ids are simply missing from the answer. */
  channelsByIds(ids: readonly string[]): Promise<YoutubeChannel[]>;
  /** channels.list by @handle (1 unit). */
  channelByHandle(handle: string): Promise<YoutubeChannel | undefined>;
  /** playlistItems.list, one page of up to 50 of a channel's uploads, newest first (1 unit). */
  uploadsPage(playlistId: string, pageToken?: string): Promise<UploadsPage>;
  /** videos.list, at most 50 ids (1 unit). */
  videosByIds(ids: readonly string[]): Promise<YoutubeVideo[]>;
}

export interface YoutubeChannel {
  id: string;
  title: string;
  description: string;
  thumbnailUrl: string;
  /** Null when the channel hides it. */
  subscriberCount: number | null;
  /** The playlist holding every upload ("UU…"); null when YouTube did not say. */
  uploadsPlaylistId: string | null;
}

export interface UploadsPage {
  entries: { videoId: string; publishedAt: string | null }[];
  nextPageToken?: string | undefined;
}

export type LiveBroadcastContent = "none" | "live" | "upcoming";

export interface YoutubeVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  tags: string[];
  /** ISO 8601 instant. */
  publishedAt: string;
  /** ISO 8601 duration ("PT4M13S"); "P0D" while live. */
  duration: string | null;
  thumbnailUrl: string;
  liveBroadcastContent: LiveBroadcastContent;
  /** The language spoken, when the uploader set it (snippet.defaultAudioLanguage, a BCP 47 code). */
  language?: string | undefined;
}

/** How long a call to YouTube (the Data API or the feed) may take before it counts as unavailable. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 8_000;

/** The calls YouTube charges for, and what each costs (developers.google.com/youtube/v3/determine_quota_cost). */
export const QUOTA_COST = { search: 100, channels: 1, playlistItems: 1, videos: 1 } as const;

/** Which budget a call is charged to; searches have a budget of their own inside the daily quota. */
export type QuotaPurpose = "search" | "lookup" | "uploads";

/**
 * YouTube will not answer today: the daily quota is spent (ours by the ledger, or YouTube's by its 403)
 * or it asked us to slow down (429).
 */
export class YoutubeQuotaError extends Error {
  constructor(readonly reason: "budget" | "quotaExceeded" | "rateLimited") {
    super(`YouTube quota: ${reason}`);
    this.name = "YoutubeQuotaError";
  }
}

/** YouTube did not answer usefully: a timeout, a network failure, a 5xx, or data we cannot read. */
export class YoutubeUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "YoutubeUnavailableError";
  }
}
