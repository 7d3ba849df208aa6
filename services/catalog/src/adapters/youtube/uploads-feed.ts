/**
 * A channel's public uploads feed (`/feeds/videos.xml?channel_id=`): its newest uploads, free of quota,
 * asked before an upload check spends Data API units. It can be late, missing or broken, so an answer
 * only ever saves a check; a failure means "ask the Data API".
 */
export interface UploadsFeed {
  /** The channel's newest uploads as the feed lists them (about 15); throws UploadsFeedError when unreadable. */
  latestUploads(youtubeChannelId: string): Promise<FeedEntry[]>;
}

export interface FeedEntry {
  videoId: string;
  /** ISO 8601 instant. */
  publishedAt: string;
}

/** The feed could not be read: not found, a server error, a timeout, or not the feed's format. */
export class UploadsFeedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UploadsFeedError";
  }
}
