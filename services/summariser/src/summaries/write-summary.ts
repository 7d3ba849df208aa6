import { groundedSummary } from "../adapters/summary-writers/grounding.ts";
import { withoutRanges } from "../adapters/transcripts/sponsor-segments.ts";
import type { Transcript } from "../adapters/transcripts/transcript-source.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { StoredSummary } from "../store/summary-repository.ts";
import type { VideoRow } from "../store/video-repository.ts";

/**
 * When a summary made from the description looks for a transcript again: captions often appear hours
 * after an upload, and an outage of every source passes; after the last look it stays as it is.
 */
const UPGRADE_DELAYS_MS = [1, 6, 24, 72].map((hours) => hours * 3_600_000);

/** The time of the look after `looks` looks, or null when there is none. */
export function nextUpgradeAfter(now: number, looks: number): Date | null {
  const delay = UPGRADE_DELAYS_MS[looks];
  return delay === undefined ? null : new Date(now + delay);
}

/** A summary written from what was had, its points grounded, with where its words came from. */
export async function writeFrom(
  context: SummariserContext,
  video: VideoRow,
  transcript: Transcript | null,
): Promise<StoredSummary> {
  const written = await context.writer.write({
    video: {
      videoId: video.video_id,
      title: video.title,
      description: video.description,
      durationSeconds: video.duration_seconds,
    },
    transcript,
  });
  const grounded = groundedSummary(written, transcript);
  if (grounded.dropped > 0) {
    context.metrics.keyPointsDropped(context.writer.name, grounded.dropped);
    context.log.warn(
      { videoId: video.video_id, dropped: grounded.dropped },
      "key points the transcript does not support dropped",
    );
  }
  const fromTranscript = grounded.summary.basis === "transcript" && transcript !== null;
  const now = context.now().getTime();
  return {
    ...grounded.summary,
    transcript: fromTranscript ? { kind: transcript.kind, language: transcript.language } : null,
    translatedFrom: null,
    // Only a video that had no transcript looks again: one that had an unusable one would be the same again.
    upgradeAfter: transcript === null ? nextUpgradeAfter(now, 0) : null,
  };
}

/** The transcript without the sponsor reads and self-promotion SponsorBlock's users marked, when it answers. */
export async function withoutSponsorReads(
  context: SummariserContext,
  videoId: string,
  transcript: Transcript,
) {
  const ranges = (await context.sponsorSegments?.rangesOf(videoId)) ?? [];
  return withoutRanges(transcript, ranges);
}
