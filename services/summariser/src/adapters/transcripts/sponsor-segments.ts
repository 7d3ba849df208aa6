import { createHash } from "node:crypto";
import type { Transcript } from "./transcript-source.ts";

/** A stretch of a video, in seconds from its start. */
export type TimeRange = readonly [start: number, end: number];

/** Where a video's sponsor reads and self-promotion are, as SponsorBlock's users marked them. */
export interface SponsorSegments {
  /** The ranges to leave out (none when nobody marked any); null when the server could not be asked. */
  rangesOf(videoId: string): Promise<TimeRange[] | null>;
}

export interface SponsorBlockSettings {
  /** SponsorBlock's server, https://sponsor.ajay.app. */
  baseUrl: string;
  timeoutMs?: number | undefined;
  /** How long to go without asking once the server has failed to answer (30 s when not given). */
  restMs?: number | undefined;
  now?: (() => number) | undefined;
  /** Told once when the server stops answering and once when it answers again. */
  onReachability(reachable: boolean, reason?: string): void;
}

/** The categories cut: paid sponsor reads and the creator's own promotion, neither of which is the video's subject. */
const CATEGORIES = ["sponsor", "selfpromo"];

interface HashMatch {
  videoID?: unknown;
  segments?: { segment?: unknown; category?: unknown; actionType?: unknown }[];
}

/**
 * SponsorBlock's public API, asked by the first four hex digits of the SHA-256 of the video's id
 * (`GET /api/skipSegments/{prefix}`), so the server learns only which of 65,536 buckets was asked about;
 * the video's own segments are picked from the answer here. 404 means none in that bucket.
 */
export function createSponsorBlockClient(settings: SponsorBlockSettings): SponsorSegments {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const now = settings.now ?? Date.now;
  const restMs = settings.restMs ?? 30_000;
  let reachable = true;
  // A server that hangs would hold every transcript for the whole time-out; after a failure the
  // transcripts of the next while go without asking, and one ask after it finds out whether it is back.
  let askAgainAt = 0;
  const report = (answered: boolean, reason?: string) => {
    if (answered !== reachable) settings.onReachability(answered, reason);
    reachable = answered;
    if (!answered) askAgainAt = now() + restMs;
  };
  return {
    async rangesOf(videoId) {
      if (!reachable && now() < askAgainAt) return null;
      const prefix = createHash("sha256").update(videoId).digest("hex").slice(0, 4);
      const query = new URLSearchParams({ categories: JSON.stringify(CATEGORIES), actionType: "skip" });
      let matches: HashMatch[];
      try {
        const response = await fetch(`${base}/api/skipSegments/${prefix}?${query}`, {
          signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000),
        });
        if (response.status === 404) {
          report(true);
          return [];
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body: unknown = await response.json();
        if (!Array.isArray(body)) throw new Error("the answer is not a list");
        matches = body as HashMatch[];
      } catch (error) {
        report(false, error instanceof Error ? error.message : String(error));
        return null;
      }
      report(true);
      return (matches.find((match) => match.videoID === videoId)?.segments ?? []).flatMap((segment) => {
        const [start, end] = Array.isArray(segment.segment) ? (segment.segment as unknown[]) : [];
        const wanted =
          CATEGORIES.includes(String(segment.category)) && (segment.actionType ?? "skip") === "skip";
        const valid = typeof start === "number" && typeof end === "number" && start >= 0 && end > start;
        return wanted && valid ? [[start, end] as const] : [];
      });
    },
  };
}

/** The transcript without the lines said inside any of the ranges. */
export function withoutRanges(transcript: Transcript, ranges: readonly TimeRange[]): Transcript {
  if (ranges.length === 0) return transcript;
  const inside = (seconds: number) => ranges.some(([start, end]) => seconds >= start && seconds < end);
  return { ...transcript, segments: transcript.segments.filter((segment) => !inside(segment.startSeconds)) };
}
