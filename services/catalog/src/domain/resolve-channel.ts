import { HttpError } from "@tubedigest/http/http-error";
import type { YoutubeChannel } from "../adapters/youtube/youtube-catalog.ts";
import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { messages } from "./messages.ts";
import { channelCacheKey, SEARCH_FRESH_SECONDS } from "./search-channels.ts";
import { asHttpError } from "./youtube-failure.ts";

/** Stored details younger than this are used as they are; older ones are asked of YouTube again. */
const STORED_FRESH_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A channel's details as YouTube gives them, never as a client says: they end up in e-mails. Taken from
 * catalog's own table or the search cache when recent, otherwise from one channels.list call (1 unit).
 */
export async function resolveChannel(
  context: CatalogContext,
  youtubeChannelId: string,
): Promise<YoutubeChannel> {
  const stored = await new ChannelRepository(context.db).find(youtubeChannelId);
  if (stored && context.now().getTime() - stored.details_refreshed_at.getTime() < STORED_FRESH_MS) {
    return fromStored(stored);
  }
  const cached = await context.cache.get<YoutubeChannel>(channelCacheKey(youtubeChannelId));
  if (cached) return cached;
  let found: YoutubeChannel | undefined;
  try {
    [found] = await context.youtube("lookup").channelsByIds([youtubeChannelId]);
  } catch (error) {
    // Week-old details beat no channel at all.
    if (stored) return fromStored(stored);
    throw asHttpError(error, "lookup");
  }
  if (!found || found.id !== youtubeChannelId) throw new HttpError(404, messages.channelNotFound);
  await context.cache.set(channelCacheKey(found.id), found, SEARCH_FRESH_SECONDS);
  return found;
}

function fromStored(channel: Channel): YoutubeChannel {
  return {
    id: channel.youtube_channel_id,
    title: channel.title,
    description: channel.description,
    thumbnailUrl: channel.thumbnail_url,
    subscriberCount: channel.subscriber_count === null ? null : Number(channel.subscriber_count),
    uploadsPlaylistId: channel.uploads_playlist_id,
  };
}
