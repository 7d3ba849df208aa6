import type { TranscriptStepOutcome } from "../../shared/summariser-metrics.ts";
import { stepFailure } from "./step-failure.ts";
import {
  type Transcript,
  type TranscriptRequest,
  type TranscriptSource,
  TranscriptUnavailableError,
} from "./transcript-source.ts";

export interface TranscriptChainObserver {
  step(source: string, outcome: TranscriptStepOutcome, details: { videoId: string; reason?: string }): void;
  /** What a paid step spent on one video, as it reports it. */
  cost(
    source: string,
    details: { videoId: string; usd: number; inputTokens: number; outputTokens: number },
  ): void;
}

/**
 * Sources tried in order (the cheapest first): the first transcript any gives is the answer. A source
 * that has none, or that fails (YouTube refusing a cloud address, an API out of credit, bad data), hands
 * on to the next. Null when none had one and at least one could say so (a summary of the description is
 * then made, and looks again later); unavailable only when every source failed, so the summary is tried
 * again soon.
 */
export function transcriptChain(
  sources: TranscriptSource[],
  observer: TranscriptChainObserver,
): TranscriptSource {
  if (sources.length === 0) throw new RangeError("a transcript chain needs at least one source");
  if (sources.length === 1 && sources[0]) return observed(sources[0], observer);
  return {
    name: sources.map((source) => source.name).join("+"),
    async fetch(request: TranscriptRequest): Promise<Transcript | null> {
      const failures: string[] = [];
      let answered = false;
      for (const source of sources) {
        try {
          const transcript = await source.fetch(request);
          observer.step(source.name, transcript ? "served" : "empty", { videoId: request.videoId });
          if (transcript) return { ...transcript, servedBy: source.name };
          answered = true;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          observer.step(source.name, stepFailure(error), { videoId: request.videoId, reason });
          failures.push(`${source.name}: ${reason}`);
        }
      }
      if (answered) return null;
      throw new TranscriptUnavailableError(`no transcript source could answer (${failures.join("; ")})`);
    },
  };
}

/** A lone source, reporting its outcomes as a chain's step does. */
function observed(source: TranscriptSource, observer: TranscriptChainObserver): TranscriptSource {
  return {
    name: source.name,
    async fetch(request) {
      try {
        const transcript = await source.fetch(request);
        observer.step(source.name, transcript ? "served" : "empty", { videoId: request.videoId });
        return transcript && { ...transcript, servedBy: source.name };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        observer.step(source.name, stepFailure(error), { videoId: request.videoId, reason });
        throw error;
      }
    },
  };
}
