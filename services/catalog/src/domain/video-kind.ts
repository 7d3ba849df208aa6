/*
 * The Data API says nothing about Shorts, so catalog decides by a rule digests can rely on:
 * a video is a Short when it lasts at most 60 seconds, or at most 180 seconds (YouTube's Shorts limit
 * since October 2024) and mentions #shorts in its title, description or tags. Streams that are live or
 * upcoming (snippet.liveBroadcastContent) are flagged separately; once a stream ends it is a video.
 */
export const SHORT_MAX_SECONDS = 60;
export const TAGGED_SHORT_MAX_SECONDS = 180;

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds in an ISO 8601 duration as YouTube writes them ("PT1H2M3S", "P1DT2H", "P0D"); null if unreadable. */
export function durationSeconds(iso: string | null): number | null {
  if (!iso || iso === "P" || iso.endsWith("T")) return null;
  const match = ISO_DURATION.exec(iso);
  if (!match) return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  return Math.round((days ?? 0) * 86_400 + (hours ?? 0) * 3_600 + (minutes ?? 0) * 60 + (seconds ?? 0));
}

const SHORTS_TAG = /#shorts?\b/i;

export function isShort(video: {
  durationSeconds: number | null;
  title: string;
  description: string;
  tags: readonly string[];
}): boolean {
  const seconds = video.durationSeconds;
  // No duration (or zero) means a stream or premiere that has not ended: not a Short.
  if (seconds === null || seconds === 0) return false;
  if (seconds <= SHORT_MAX_SECONDS) return true;
  const tagged =
    SHORTS_TAG.test(video.title) ||
    SHORTS_TAG.test(video.description) ||
    video.tags.some((tag) => /^#?shorts?$/i.test(tag.trim()));
  return tagged && seconds <= TAGGED_SHORT_MAX_SECONDS;
}
