import type { UploadsFeed } from "./uploads-feed.ts";
import type { YoutubeCatalog } from "./youtube-catalog.ts";

/** YouTube's feed lists a channel's 15 newest uploads. */
const FEED_ENTRIES = 15;

/**
 * The embedded product's feed: the demo catalog's own uploads, as YouTube's feed would list them. The
 * demo catalog costs nothing, so its first uploads page stands in for the feed.
 */
export function createDemoUploadsFeed(demo: YoutubeCatalog): UploadsFeed {
  return {
    async latestUploads(youtubeChannelId) {
      const page = await demo.uploadsPage(`UU${youtubeChannelId.slice(2)}`);
      return page.entries
        .slice(0, FEED_ENTRIES)
        .flatMap((entry) =>
          entry.publishedAt ? [{ videoId: entry.videoId, publishedAt: entry.publishedAt }] : [],
        );
    },
  };
}
