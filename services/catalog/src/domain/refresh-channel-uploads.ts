import { type FeedEntry, UploadsFeedError } from "../adapters/youtube/uploads-feed.ts";
import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import { VideoRepository } from "../store/video-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { checkChannelUploads } from "./check-channel-uploads.ts";
import { uploadsCutoff } from "./uploads-cutoff.ts";

/** How a channel's refresh went: the feed alone showed nothing new, or the Data API was asked. */
export type UploadsRefresh = "feed-unchanged" | "checked";

/**
 * A scheduled check of one channel, spending Data API units only when there may be something to find:
 * the channel's free public feed is read first, and when every upload it lists since the check's cutoff
 * is already stored and no stream of the channel is still live or upcoming, the channel is marked
 * checked as it is. Otherwise — something new, a stream to follow up, or a feed that cannot be read
 * (logged) — the Data API check runs.
 */
export async function refreshChannelUploads(
  context: CatalogContext,
  channel: Channel,
  cause: { correlationId: string },
): Promise<UploadsRefresh> {
  const now = context.now();
  if (await feedShowsNothingNew(context, channel, now)) {
    await new ChannelRepository(context.db).markUploadsChecked(channel.youtube_channel_id, now);
    return "feed-unchanged";
  }
  await checkChannelUploads(context, channel, cause);
  return "checked";
}

async function feedShowsNothingNew(context: CatalogContext, channel: Channel, now: Date): Promise<boolean> {
  const videos = new VideoRepository(context.db);
  if ((await videos.unfinishedLiveIds(channel.youtube_channel_id)).length > 0) return false;
  let entries: FeedEntry[];
  try {
    entries = await context.uploadsFeed.latestUploads(channel.youtube_channel_id);
  } catch (error) {
    if (!(error instanceof UploadsFeedError)) throw error;
    context.log.warn(
      { err: error, channel: channel.youtube_channel_id },
      "uploads feed unreadable; asking the Data API",
    );
    return false;
  }
  // Older entries are past what a Data API check would look at, so they are never stored.
  const cutoff = uploadsCutoff(context, channel, now);
  const recent = entries.filter((entry) => Date.parse(entry.publishedAt) >= cutoff).map((e) => e.videoId);
  const known = await videos.knownIds(recent);
  return recent.every((id) => known.has(id));
}
