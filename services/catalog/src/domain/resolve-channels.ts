import type { YoutubeChannel } from "../adapters/youtube/youtube-catalog.ts";
import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { channelCacheKey, SEARCH_FRESH_SECONDS } from "./search-channels.ts";
import { asHttpError } from "./youtube-failure.ts";

/** Stored details younger than this are used as they are; older ones are asked of YouTube again. */
const STORED_FRESH_MS = 7 * 24 * 60 * 60 * 1000;
/** The most ids one channels.list call takes. */
export const IDS_PER_LOOKUP = 50;

/** Channels' details by id, and the ids YouTube does not know (deleted, or never there). */
export interface ResolvedChannels {
  found: Map<string, YoutubeChannel>;
  unknown: string[];
}

/**
 * Channels' details as YouTube gives them, never as a client says: they end up in e-mails. Taken from
 * catalog's own table or the cache when recent; the rest asked of YouTube 50 ids a call (1 unit each,
 * from the lookup budget), one call at a time, so a failure stops the spending. When YouTube cannot be
 * asked, week-old stored details beat no channel; a channel with none makes the whole lookup a 503.
 */
export async function resolveChannels(
  context: CatalogContext,
  youtubeChannelIds: readonly string[],
  options: {
    /** Told how many calls YouTube will be asked before the first; throws to ask none. */
    beforeAsking?: (calls: number) => Promise<void>;
  } = {},
): Promise<ResolvedChannels> {
  const ids = [...new Set(youtubeChannelIds)];
  const stored = new Map(
    (await new ChannelRepository(context.db).findMany(ids)).map((row) => [row.youtube_channel_id, row]),
  );
  const found = new Map<string, YoutubeChannel>();
  const now = context.now().getTime();
  for (const row of stored.values()) {
    if (now - row.details_refreshed_at.getTime() < STORED_FRESH_MS)
      found.set(row.youtube_channel_id, fromStored(row));
  }
  const cached = await Promise.all(
    ids
      .filter((id) => !found.has(id))
      .map(async (id) => [id, await context.cache.get<YoutubeChannel>(channelCacheKey(id))] as const),
  );
  for (const [id, channel] of cached) if (channel) found.set(id, channel);

  const asked = ids.filter((id) => !found.has(id));
  if (asked.length > 0) await options.beforeAsking?.(Math.ceil(asked.length / IDS_PER_LOOKUP));
  const youtube = context.youtube("lookup");
  for (let start = 0; start < asked.length; start += IDS_PER_LOOKUP) {
    const batch = asked.slice(start, start + IDS_PER_LOOKUP);
    let answered: YoutubeChannel[];
    try {
      answered = await youtube.channelsByIds(batch);
    } catch (error) {
      const rest = asked.slice(start);
      if (!rest.every((id) => stored.has(id))) throw asHttpError(error, "lookup");
      for (const id of rest) found.set(id, fromStored(stored.get(id) as Channel));
      break;
    }
    const inBatch = new Set(batch);
    const known = answered.filter((channel) => inBatch.has(channel.id));
    for (const channel of known) found.set(channel.id, channel);
    await Promise.all(
      known.map((channel) => context.cache.set(channelCacheKey(channel.id), channel, SEARCH_FRESH_SECONDS)),
    );
  }
  return { found, unknown: ids.filter((id) => !found.has(id)) };
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
