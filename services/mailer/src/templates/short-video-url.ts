import { youtubeVideoId } from "@tubedigest/contracts/youtube-video-url";

/** `t=125` or `t=125s`: a start in seconds, as watch addresses carry it. */
const START = /^\d{1,6}s?$/;

/**
 * A YouTube watch address in YouTube's own short form (`https://youtu.be/ID`, `?t=125` for a moment),
 * which opens the same video at the same second: a digest holds dozens of them, and the long form is
 * most of a key point's markup. An address with anything more than the video and its start is kept as
 * it is, so nothing it says is lost.
 */
export function shortVideoUrl(url: string): string {
  const id = youtubeVideoId(url, ["watch"]);
  if (!id) return url;
  const params = new URL(url).searchParams;
  const start = params.get("t");
  const known = [...params.keys()].every((key) => key === "v" || key === "t");
  if (!known || params.getAll("t").length > 1 || (start !== null && !START.test(start))) return url;
  return `https://youtu.be/${id}${start === null ? "" : `?t=${start.replace(/s$/, "")}`}`;
}
