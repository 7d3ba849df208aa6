import type { SummariserLogger } from "../../shared/summariser-context.ts";
import type { SummariserMetrics } from "../../shared/summariser-metrics.ts";
import type { TranscriptChainObserver } from "./transcript-chain.ts";

/**
 * Each step's answer counted, and its failures (a refusal, a rate limit, an API out of credit) logged with
 * the reason; what a paid step spent on a video counted and logged with the video.
 */
export function transcriptObserver(
  log: SummariserLogger,
  metrics: SummariserMetrics,
): TranscriptChainObserver {
  return {
    step(source, outcome, details) {
      metrics.transcriptStep(source, outcome);
      if (outcome !== "served" && outcome !== "empty")
        log.warn({ source, ...details }, "a transcript source failed; trying the next");
    },
    cost(source, { videoId, ...spent }) {
      metrics.transcriptCost(source, spent);
      log.info({ source, videoId, ...spent }, "a transcript source spent on a video");
    },
  };
}
