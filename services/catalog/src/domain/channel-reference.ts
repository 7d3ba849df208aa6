/** A channel named directly rather than searched for: it costs one channels.list unit, not 100. */
export type ChannelReference = { kind: "id"; id: string } | { kind: "handle"; handle: string };

export const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
// YouTube handles: 3–30 letters (any script), digits, underscores, hyphens and periods.
const HANDLE = /^@([\p{L}\p{N}._-]{3,30})$/u;
/** The hosts a pasted or imported channel address may name. */
export const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);

/** Reads a pasted channel id, @handle, or youtube.com/channel/… or youtube.com/@… address. */
export function parseChannelReference(text: string): ChannelReference | undefined {
  const trimmed = text.trim();
  if (CHANNEL_ID.test(trimmed)) return { kind: "id", id: trimmed };
  const handle = HANDLE.exec(trimmed);
  if (handle?.[1]) return { kind: "handle", handle: handle[1] };
  if (!/^(https?:\/\/)?([a-z]+\.)?youtube\.com\//i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return undefined;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return undefined;
  const [first, second] = url.pathname.split("/").filter(Boolean).map(decodeSegment);
  if (first === "channel" && second && CHANNEL_ID.test(second)) return { kind: "id", id: second };
  const pathHandle = first ? HANDLE.exec(first) : null;
  if (pathHandle?.[1]) return { kind: "handle", handle: pathHandle[1] };
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
