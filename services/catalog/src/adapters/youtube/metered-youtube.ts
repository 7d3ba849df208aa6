import { QUOTA_COST, type QuotaPurpose, type YoutubeCatalog, YoutubeQuotaError } from "./youtube-catalog.ts";

/** Where the units go: the catalog's ledger in Postgres, per Pacific-time day. */
export interface QuotaMeter {
  /** Books the units, or answers false when the day's budget for `purpose` cannot take them. */
  spend(purpose: QuotaPurpose, units: number): Promise<boolean>;
  /** YouTube said the quota is spent: ask nothing more until the next quota day. */
  markExhausted(): Promise<void>;
}

/** The YouTube catalog as one purpose sees it, each call booked against that purpose's budget. */
export type YoutubeFor = (purpose: QuotaPurpose) => YoutubeCatalog;

/**
 * Books every call on the ledger before it is made (YouTube charges a call even when it fails), refuses
 * calls the budget cannot take, and records YouTube's own "quota exceeded" for the rest of the day.
 */
export function meteredYoutube(inner: YoutubeCatalog, meter: QuotaMeter): YoutubeFor {
  return (purpose) => {
    async function metered<T>(units: number, call: () => Promise<T>): Promise<T> {
      if (!(await meter.spend(purpose, units))) throw new YoutubeQuotaError("budget");
      try {
        return await call();
      } catch (error) {
        if (error instanceof YoutubeQuotaError && error.reason === "quotaExceeded")
          await meter.markExhausted();
        throw error;
      }
    }
    return {
      searchChannelIds: (query, limit) =>
        metered(QUOTA_COST.search, () => inner.searchChannelIds(query, limit)),
      channelsByIds: async (ids) =>
        ids.length === 0 ? [] : metered(QUOTA_COST.channels, () => inner.channelsByIds(ids)),
      channelByHandle: (handle) => metered(QUOTA_COST.channels, () => inner.channelByHandle(handle)),
      uploadsPage: (playlistId, pageToken) =>
        metered(QUOTA_COST.playlistItems, () => inner.uploadsPage(playlistId, pageToken)),
      videosByIds: async (ids) =>
        ids.length === 0 ? [] : metered(QUOTA_COST.videos, () => inner.videosByIds(ids)),
    };
  };
}

/** The demo catalog costs nothing, so every purpose gets it as it is. */
export const unmetered =
  (inner: YoutubeCatalog): YoutubeFor =>
  () =>
    inner;
