import { parseUploadsFeed } from "./parse-uploads-feed.ts";
import { type UploadsFeed, UploadsFeedError } from "./uploads-feed.ts";

/** A feed lists about 15 entries, each a few lines of XML; an answer of a megabyte is not the feed. */
const MAX_FEED_BYTES = 1024 * 1024;

/**
 * YouTube's public uploads feed over HTTP: `<feedUrl>?channel_id=UC…`, one request, no retries (the
 * Data API check is the fallback), abandoned after `timeoutMs`.
 */
export function createFetchUploadsFeed(options: { feedUrl: string; timeoutMs: number }): UploadsFeed {
  return {
    async latestUploads(youtubeChannelId) {
      const url = new URL(options.feedUrl);
      url.searchParams.set("channel_id", youtubeChannelId);
      let xml: string;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (response.status !== 200) {
          await response.body?.cancel();
          throw new UploadsFeedError(`the feed answered ${response.status}`);
        }
        xml = await readAtMost(response, MAX_FEED_BYTES);
      } catch (error) {
        if (error instanceof UploadsFeedError) throw error;
        throw new UploadsFeedError("the feed could not be fetched", { cause: error });
      }
      return parseUploadsFeed(xml, youtubeChannelId);
    },
  };
}

async function readAtMost(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) {
      await response.body.cancel().catch(() => {});
      throw new UploadsFeedError(`the feed is larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  // Invalid UTF-8 becomes U+FFFD, which no id or time the feed is read for contains.
  return Buffer.concat(chunks).toString("utf8");
}
