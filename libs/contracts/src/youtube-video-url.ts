/**
 * The rule for a video address (docs/product.md#validation), shared by the web app (checked as people type)
 * and the services (checked again, since the browser's check is only a courtesy). Pure: no imports, so the
 * web app's bundle takes this file alone.
 */

/**
 * The address forms the product accepts: youtube.com/watch?v=, /embed/, /v/, /live/, /shorts/ and youtu.be/.
 */
export type VideoUrlForm = "watch" | "embed" | "v" | "live" | "shorts" | "short-link";

/** The hidden summary tool accepts every form. */
export const ALL_VIDEO_URL_FORMS: readonly VideoUrlForm[] = [
  "watch",
  "embed",
  "v",
  "live",
  "shorts",
  "short-link",
];

/** The dashboard's single summary form: "a watch-page address or a short-link address". */
export const WATCH_OR_SHORT_LINK: readonly VideoUrlForm[] = ["watch", "short-link"];

/** Their messages (docs/product.md#validation). */
export const videoUrlMessages = {
  missing: "Please enter a YouTube video URL",
  invalidForDashboard: "Please enter a valid YouTube video URL",
  invalidForTool: "Please enter a valid YouTube URL",
} as const;

/** Longer than any address a browser's address bar would hold for a video. */
export const MAX_VIDEO_URL_LENGTH = 2048;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const PATH_FORMS: Record<string, VideoUrlForm> = {
  embed: "embed",
  v: "v",
  live: "live",
  shorts: "shorts",
};

function formOf(url: URL): { form: VideoUrlForm; id: string | null } | undefined {
  const host = url.hostname;
  const segments = url.pathname.split("/").slice(1);
  if (host === "youtu.be") {
    // youtu.be/ID, optionally followed by a query (?t=42, ?si=…).
    return segments.length === 1 ? { form: "short-link", id: segments[0] ?? null } : undefined;
  }
  if (host !== "youtube.com" && host !== "www.youtube.com") return undefined;
  if (segments.length === 1 && segments[0] === "watch") {
    // Exactly one v, read undecoded (an encoded id is not one); two would leave it to chance which was meant.
    const ids = url.search
      .slice(1)
      .split("&")
      .filter((pair) => pair.startsWith("v="))
      .map((pair) => pair.slice(2));
    return { form: "watch", id: ids.length === 1 ? (ids[0] ?? null) : null };
  }
  const form = PATH_FORMS[segments[0] ?? ""];
  // /shorts/ID and /shorts/ID/ alike; nothing deeper.
  const rest = segments.slice(2);
  if (!form || segments.length < 2 || rest.some((segment) => segment !== "") || rest.length > 1) {
    return undefined;
  }
  return { form, id: segments[1] ?? null };
}

/**
 * The 11-character video id of a YouTube address in one of `forms`, or undefined when the text is not
 * one. The scheme (http or https) and `www.` are optional; surrounding blanks are ignored. Anything
 * else (another host, a user or port in the address, control characters, an id of another length or
 * alphabet, an encoded id) is not a video address.
 */
export function youtubeVideoId(
  text: string,
  forms: readonly VideoUrlForm[] = ALL_VIDEO_URL_FORMS,
): string | undefined {
  const trimmed = text.trim();
  // Blanks or controls inside would be tidied away by URL parsing; a typed address has none.
  if (trimmed.length === 0 || trimmed.length > MAX_VIDEO_URL_LENGTH || /[\s\p{Cc}\\]/u.test(trimmed)) {
    return undefined;
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!/^https?:\/\/[^/]/i.test(withScheme)) return undefined;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.username !== "" || url.password !== "" || url.port !== "") return undefined;
  const found = formOf(url);
  if (!found || !forms.includes(found.form) || found.id === null || !VIDEO_ID.test(found.id)) {
    return undefined;
  }
  return found.id;
}

/** The canonical watch-page address of a video. */
export function watchUrl(videoId: string, startSeconds?: number | null): string {
  const base = `https://www.youtube.com/watch?v=${videoId}`;
  return startSeconds === undefined || startSeconds === null
    ? base
    : `${base}&t=${Math.max(0, Math.floor(startSeconds))}s`;
}
