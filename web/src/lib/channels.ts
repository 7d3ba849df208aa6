import type { ChannelSearchResult as SearchResult } from "@tubedigest/contracts/channels";

/**
 * A channel as GET /api/youtube/search answers it (docs/product.md#data-shapes), or as the app makes one for
 * the same cards (a followed channel, an e-mail's link back to the preview), which may have no description.
 */
export type ChannelSearchResult = Omit<SearchResult, "snippet"> & {
  snippet: Omit<SearchResult["snippet"], "description"> &
    Partial<Pick<SearchResult["snippet"], "description">>;
};

/** A channel as POST /api/auth/register-with-email and the preview take it (docs/product.md#data-shapes). */
export interface SelectedChannel {
  youtubeId: string;
  title: string;
  description: string;
  thumbnailUrl: string;
  subscriberCount: number;
}

export function subscriberCountOf(channel: ChannelSearchResult): number {
  const count = Number(channel.statistics.subscriberCount);
  return Number.isFinite(count) ? count : 0;
}

export function toSelectedChannel(channel: ChannelSearchResult): SelectedChannel {
  return {
    youtubeId: channel.id,
    title: channel.snippet.title,
    description: channel.snippet.description ?? "",
    thumbnailUrl: channel.snippet.thumbnails.default.url,
    subscriberCount: subscriberCountOf(channel),
  };
}

/** The body of POST /api/user/channels (docs/product.md#data-shapes, "user channel as sent when adding"). */
export function toFollowRequest(channel: ChannelSearchResult) {
  const selected = toSelectedChannel(channel);
  return {
    youtubeChannelId: selected.youtubeId,
    title: selected.title,
    description: selected.description,
    thumbnailUrl: selected.thumbnailUrl,
    subscriberCount: selected.subscriberCount,
  };
}

/** Most subscribers first, as the search answers (docs/product.md#api). */
export function bySubscribersDescending(a: ChannelSearchResult, b: ChannelSearchResult): number {
  return subscriberCountOf(b) - subscriberCountOf(a);
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** "1.8M subscribers" */
export function formatSubscribers(count: number): string {
  return `${compact.format(count)} ${count === 1 ? "subscriber" : "subscribers"}`;
}
