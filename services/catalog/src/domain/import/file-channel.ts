import { CHANNEL_ID, parseChannelReference, YOUTUBE_HOSTS } from "../channel-reference.ts";

/** A channel as a subscriptions file names it: its id, and the title the file gives it, if any. */
export interface FileChannel {
  youtubeChannelId: string;
  title: string | null;
}

const MAX_TITLE_LENGTH = 200;

/**
 * A channel id written as itself, as a channel address (youtube.com/channel/UC…), or as the channel's
 * uploads feed (youtube.com/feeds/videos.xml?channel_id=UC…); undefined for anything else.
 */
export function channelIdIn(text: string): string | undefined {
  const trimmed = text.trim();
  if (CHANNEL_ID.test(trimmed)) return trimmed;
  const reference = parseChannelReference(trimmed);
  if (reference?.kind === "id") return reference.id;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase()) || url.pathname !== "/feeds/videos.xml")
    return undefined;
  const id = url.searchParams.get("channel_id");
  return id !== null && CHANNEL_ID.test(id) ? id : undefined;
}

/**
 * A title from the file, only ever shown back to the reader who sent it: control characters dropped,
 * spacing collapsed, at most 200 characters; null when nothing is left.
 */
export function fileTitle(text: string | undefined): string | null {
  if (text === undefined) return null;
  const clean = text
    .replace(/[\p{Cc}\p{Cs}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean === "" ? null : Array.from(clean).slice(0, MAX_TITLE_LENGTH).join("");
}
