import type { QuotaPurpose, YoutubeChannel } from "../adapters/youtube/youtube-catalog.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { type ChannelReference, parseChannelReference } from "./channel-reference.ts";
import { normaliseQuery } from "./search-query.ts";
import { asHttpError, isYoutubeFailure } from "./youtube-failure.ts";

/** One search answers every asker for a day: the Data API allows about 100 searches a day in all. */
export const SEARCH_FRESH_SECONDS = 24 * 60 * 60;
/** After a day an answer is stale but kept a week, for when YouTube cannot be asked. */
const SEARCH_KEPT_SECONDS = 7 * 24 * 60 * 60;
/** Channels asked for per search; the landing page shows 6, the dashboard widget all. */
export const SEARCH_RESULT_LIMIT = 12;

interface CachedAnswer {
  storedAt: number;
  channels: YoutubeChannel[];
}

export const channelCacheKey = (id: string) => `channel:${id}`;

/**
 * Channel search (docs/product.md#channel-search), most subscribers first. A pasted channel address, @handle
 * or id is looked up directly (1 unit); anything else is a search.list plus one channels.list for the
 * statistics (101 units). Answers are cached per normalised query; when YouTube cannot be asked, a stale
 * answer beats an error, and without one the caller gets a 503 saying why.
 */
export async function searchChannels(context: CatalogContext, rawQuery: string): Promise<YoutubeChannel[]> {
  const query = normaliseQuery(rawQuery);
  const reference = parseChannelReference(query.text);
  if (reference) {
    return answerWithCache(context, referenceKey(reference), "lookup", () => lookUp(context, reference));
  }
  return answerWithCache(context, `search:${query.cacheKey}`, "search", async () => {
    const youtube = context.youtube("search");
    const ids = await youtube.searchChannelIds(query.text, SEARCH_RESULT_LIMIT);
    return youtube.channelsByIds([...new Set(ids)]);
  });
}

const referenceKey = (reference: ChannelReference) =>
  reference.kind === "id" ? `ref:id:${reference.id}` : `ref:handle:${reference.handle.toLowerCase()}`;

async function lookUp(context: CatalogContext, reference: ChannelReference): Promise<YoutubeChannel[]> {
  const youtube = context.youtube("lookup");
  if (reference.kind === "id") return youtube.channelsByIds([reference.id]);
  const channel = await youtube.channelByHandle(reference.handle);
  return channel ? [channel] : [];
}

async function answerWithCache(
  context: CatalogContext,
  key: string,
  purpose: QuotaPurpose,
  ask: () => Promise<YoutubeChannel[]>,
): Promise<YoutubeChannel[]> {
  const now = context.now().getTime();
  const cached = await context.cache.get<CachedAnswer>(key);
  if (cached && now - cached.storedAt < SEARCH_FRESH_SECONDS * 1000) return cached.channels;
  let channels: YoutubeChannel[];
  try {
    channels = bySubscribers(await ask());
  } catch (error) {
    if (cached && isYoutubeFailure(error)) {
      context.log.warn({ err: error, key }, "answering a search from a stale cache entry");
      return cached.channels;
    }
    throw asHttpError(error, purpose);
  }
  await context.cache.set(key, { storedAt: now, channels } satisfies CachedAnswer, SEARCH_KEPT_SECONDS);
  // Following a channel found here needs its details; keep them, so that costs no further unit.
  await Promise.all(
    channels.map((channel) => context.cache.set(channelCacheKey(channel.id), channel, SEARCH_FRESH_SECONDS)),
  );
  return channels;
}

/** Most subscribers first, hidden counts last (docs/product.md#api). */
function bySubscribers(channels: YoutubeChannel[]): YoutubeChannel[] {
  return [...channels].sort((a, b) => (b.subscriberCount ?? -1) - (a.subscriberCount ?? -1));
}
