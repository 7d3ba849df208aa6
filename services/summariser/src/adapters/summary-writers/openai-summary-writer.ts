import { setMaxListeners } from "node:events";
import pLimit, { type LimitFunction } from "p-limit";
import { chaptersOf, LONG_VIDEO_SECONDS } from "./chapters.ts";
import { modelAsker, newRun } from "./llm/ask-model.ts";
import { assertContextSuffices, planLimits, WORST_VIDEO } from "./llm/call-sizes.ts";
import { openAiClient } from "./llm/openai-client.ts";
import { summariseDescription } from "./llm/summarise-description.ts";
import { summariseTranscript } from "./llm/summarise-transcript.ts";
import { type TimedLine, timedLinesOf } from "./llm/timed-lines.ts";
import { translateSummary } from "./llm/translate-summary.ts";
import { SUMMARY_PROMPT_VERSION } from "./prompt-version.ts";
import type { SummaryInput, SummaryWriter } from "./summary-writer.ts";

export interface OpenAiSummaryWriterSettings {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM…); OpenAI's own when absent. */
  baseUrl?: string | undefined;
  model: string;
  /** The model's context window: no request is sent that would not fit in it, answer included. */
  contextTokens: number;
  /** The most all calls for one video may cost together (estimated); longer transcripts are sampled. */
  tokenBudgetPerVideo: number;
  /** Model calls in flight at once, across all the videos this writer summarises and the digests' glances. */
  concurrency: number;
  /** Retries of a request that met 429, 5xx, a timeout or a broken connection (the SDK's, with back-off). */
  maxRetries?: number | undefined;
  /** How long one request may take before it is retried. */
  timeoutMs?: number | undefined;
}

export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The LLM writer: a faithful summary in the video's language with the `openai` SDK's chat completions and
 * strict structured output (llm/summarise-transcript.ts, llm/summarise-description.ts), and translations
 * of it (llm/translate-summary.ts). Throws SummaryFailedError when the video cannot be summarised (the model
 * keeps answering in the wrong shape, the prompt is refused), WriterUnavailableError when the model cannot
 * be reached after retries.
 */
export function createOpenAiSummaryWriter(
  settings: OpenAiSummaryWriterSettings,
  modelCalls: LimitFunction = pLimit(settings.concurrency),
): SummaryWriter {
  const client = openAiClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    maxRetries: settings.maxRetries ?? DEFAULT_MAX_RETRIES,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  assertContextSuffices(planLimits(WORST_VIDEO, settings), settings.contextTokens);
  const ask = modelAsker(client, settings.model, modelCalls);

  return {
    name: "openai",
    version: SUMMARY_PROMPT_VERSION,
    async write(input) {
      const lines = input.transcript ? linesWithinVideo(input) : [];
      const language = lines.length > 0 ? (input.transcript?.language ?? null) : null;
      const controller = new AbortController();
      // The SDK listens on the signal for each call and lets go only when it fires, so a long video's
      // many parts keep many listeners on it until the write ends: not a leak, and not worth Node's warning.
      setMaxListeners(0, controller.signal);
      const run = newRun({ title: input.video.title, language }, controller.signal);
      const long = (input.video.durationSeconds ?? lines.at(-1)?.startSeconds ?? 0) >= LONG_VIDEO_SECONDS;
      const chapters = long ? chaptersOf(input.video.description, input.video.durationSeconds) : [];
      try {
        const summary =
          lines.length > 0
            ? await summariseTranscript(ask, run, lines, chapters, planLimits(run.video, settings))
            : await summariseDescription(ask, run, input, settings);
        return { ...summary, model: settings.model, usage: run.usage };
      } catch (error) {
        // The other calls for this video are of no use now: those waiting are not sent, those sent are cut.
        controller.abort();
        throw error;
      }
    },
    translate: (summary, language, title) => translateSummary(ask, settings.model, summary, language, title),
  };
}

/** Captions past the video's end are not the video's (a known length of 0 is a live stream's: unknown). */
function linesWithinVideo(input: SummaryInput): TimedLine[] {
  const lines = timedLinesOf(input.transcript?.segments ?? []);
  const duration = input.video.durationSeconds;
  return duration ? lines.filter((line) => line.startSeconds <= duration) : lines;
}
