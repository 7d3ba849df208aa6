import { type FeedEntry, UploadsFeedError } from "./uploads-feed.ts";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The entries of a channel's Atom uploads feed. The format is YouTube's and fixed, so this reads the
 * few elements it needs by their tags (no XML parser is among catalog's dependencies): each `<entry>`'s
 * `<yt:videoId>`, `<published>` and `<yt:channelId>`. Anything unexpected — no closing `</feed>`, an
 * entry without a readable id or time, an entry of another channel — makes the whole feed unreadable,
 * since a partly read feed could hide a new upload. Every scan moves forward, so hostile input costs
 * time in proportion to its length.
 */
export function parseUploadsFeed(xml: string, youtubeChannelId: string): FeedEntry[] {
  if (!/^\s*(?:<\?xml[^>]*\?>\s*)?<feed[\s>]/.test(xml) || !xml.trimEnd().endsWith("</feed>")) {
    throw new UploadsFeedError("not an Atom feed");
  }
  return elementsNamed(xml, "entry").map((entry) => {
    const videoId = onlyElement(entry, "yt:videoId");
    const publishedAt = onlyElement(entry, "published");
    const channelId = elementsNamed(entry, "yt:channelId")[0]?.trim();
    if (!VIDEO_ID.test(videoId)) throw new UploadsFeedError("an entry without a video id");
    if (!INSTANT.test(publishedAt) || Number.isNaN(Date.parse(publishedAt))) {
      throw new UploadsFeedError("an entry without a publish time");
    }
    if (channelId !== undefined && channelId !== youtubeChannelId) {
      throw new UploadsFeedError("an entry of another channel");
    }
    return { videoId, publishedAt: new Date(publishedAt).toISOString() };
  });
}

function onlyElement(xml: string, name: string): string {
  const found = elementsNamed(xml, name);
  if (found.length !== 1) throw new UploadsFeedError(`an entry with ${found.length} <${name}>`);
  return (found[0] ?? "").trim();
}

/** The contents of each `<name …>…</name>` in `xml`, in order; such elements do not nest in the feed. */
function elementsNamed(xml: string, name: string): string[] {
  const open = `<${name}`;
  const close = `</${name}>`;
  const contents: string[] = [];
  let from = 0;
  for (;;) {
    const start = xml.indexOf(open, from);
    if (start === -1) return contents;
    const next = xml.charAt(start + open.length);
    // `<entryX` or `<yt:videoIdSomething` is another element.
    if (next !== ">" && !/\s/.test(next)) {
      from = start + open.length;
      continue;
    }
    const startEnd = xml.indexOf(">", start);
    const end = startEnd === -1 ? -1 : xml.indexOf(close, startEnd);
    if (end === -1) throw new UploadsFeedError(`an unclosed <${name}>`);
    contents.push(xml.slice(startEnd + 1, end));
    from = end + close.length;
  }
}
