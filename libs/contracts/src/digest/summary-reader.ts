import { readVideoSummary, type VideoSummary } from "./read-video-summary.ts";

/** Reads a summary's markdown into its parts. */
export type SummaryReader = (markdown: string) => VideoSummary;

function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * `readVideoSummary` remembering its last `capacity` answers, least recently used first out: the same
 * summary is in many readers' digests of a week, and reading it is most of what building one costs. The
 * markdown itself is the key, so a summary written again reads anew. Answers are shared between callers,
 * hence frozen.
 */
export function rememberingSummaryReader(capacity: number): SummaryReader {
  const read = new Map<string, VideoSummary>();
  return (markdown) => {
    const known = read.get(markdown);
    if (known) {
      // Moved to the end: the first entry is always the least recently used.
      read.delete(markdown);
      read.set(markdown, known);
      return known;
    }
    const summary = frozen(readVideoSummary(markdown));
    read.set(markdown, summary);
    if (read.size > capacity) read.delete(read.keys().next().value as string);
    return summary;
  };
}
