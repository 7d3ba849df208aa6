import { setTimeout as sleep } from "node:timers/promises";
import {
  ApiError,
  FinishReason,
  type GenerateContentResponse,
  GoogleGenAI,
  MediaResolution,
} from "@google/genai";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import { geminiCostUsd } from "./gemini-prices.ts";
import {
  GEMINI_TRANSCRIPT_SCHEMA,
  geminiTranscriptPrompt,
  readGeminiTranscript,
} from "./gemini-transcript-answer.ts";
import {
  type TranscriptRequest,
  type TranscriptSource,
  TranscriptUnavailableError,
} from "./transcript-source.ts";

export interface GeminiTranscriptSettings {
  apiKey: string;
  /** Another address for the Gemini API (a local fake); Google's own when absent. */
  baseUrl?: string | undefined;
  model: string;
  /** longest video it may transcribe */
  maxMinutes: number;
  /** Each try's limit: 5 minutes when absent, as Gemini watches a long video for minutes. */
  requestTimeoutMs?: number | undefined;
  /** The wait before the first retry, doubled before the second; 2 seconds when absent. */
  retryDelayMs?: number | undefined;
}

/** What one answered call cost; `usd` is 0 for a model the price table does not know. */
export interface GeminiCost {
  videoId: string;
  inputTokens: number;
  outputTokens: number;
  usd: number;
}

/** Statuses that may pass in seconds: quota per minute, overload, outage. */
const PASSING_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Tries after the first, so a summary waiting on this step is not held for long. */
const RETRIES = 2;

/**
 * Gemini's video understanding: the model is given a public YouTube video by its address and writes
 * down what is said, with times. It hears any video with speech, captions or not, and is billed by the
 * token (about 100 a second at low resolution: 66 a frame, 32 for the sound; plenty for speech). Videos longer than
 * `maxMinutes` are declined with null, as speech-to-text declines them: not having a transcript is
 * this source's answer for such a video, and the chain moves on instead of trying it again soon.
 * The SDK's own retries are left off: a timed-out try, which may have cost a long video's worth of
 * tokens, is not repeated, and only statuses that may pass are tried again, twice at most.
 */
export function createGeminiTranscriptSource(
  settings: GeminiTranscriptSettings,
  observeCost?: (cost: GeminiCost) => void,
): TranscriptSource {
  const ai = new GoogleGenAI({
    vertexai: false,
    apiKey: settings.apiKey,
    httpOptions: {
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      timeout: settings.requestTimeoutMs ?? 5 * 60_000,
    },
  });
  const retryDelayMs = settings.retryDelayMs ?? 2_000;

  const ask = (request: TranscriptRequest) =>
    ai.models.generateContent({
      model: settings.model,
      contents: [
        {
          role: "user",
          parts: [
            { fileData: { fileUri: watchUrl(request.videoId) } },
            { text: geminiTranscriptPrompt(request.language) },
          ],
        },
      ],
      config: {
        responseMimeType: "application/json",
        responseJsonSchema: GEMINI_TRANSCRIPT_SCHEMA,
        mediaResolution: MediaResolution.MEDIA_RESOLUTION_LOW,
        temperature: 0,
        // Writing down speech needs no reasoning, and thinking is billed as output: Flash models can skip
        // it (Pro cannot).
        ...(/flash/i.test(settings.model) ? { thinkingConfig: { thinkingBudget: 0 } } : {}),
      },
    });

  async function answered(request: TranscriptRequest): Promise<GenerateContentResponse> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await ask(request);
      } catch (error) {
        const passing = error instanceof ApiError && PASSING_STATUSES.has(error.status);
        if (!passing || retry >= RETRIES) throw unavailable(request.videoId, error);
        await sleep(retryDelayMs * 2 ** retry);
      }
    }
  }

  return {
    name: "gemini",
    async fetch(request) {
      if (request.durationSeconds && request.durationSeconds > settings.maxMinutes * 60) return null;
      const answer = await answered(request);
      // Reported before the answer is read: a call is billed whether or not its answer is usable.
      const cost = costOf(settings.model, request.videoId, answer);
      observeCost?.(cost);
      const transcript = readGeminiTranscript(textOf(answer), request.durationSeconds);
      return transcript && { ...transcript, costUsd: cost.usd };
    },
  };
}

/**
 * Every failure to get an answer may pass (an outage, a quota, a key put right), so the caller may try
 * again later; the SDK's error is kept as the cause, whose status tells a refusal from a rate limit.
 */
function unavailable(videoId: string, error: unknown): TranscriptUnavailableError {
  if (error instanceof ApiError) {
    return new TranscriptUnavailableError(`Gemini, ${videoId}: HTTP ${error.status} ${apiProblem(error)}`, {
      cause: error,
    });
  }
  const name = error instanceof Error ? error.name : "";
  const problem =
    name === "AbortError" || name === "TimeoutError"
      ? "no answer in time"
      : `could not be asked: ${error instanceof Error ? error.message : String(error)}`;
  return new TranscriptUnavailableError(`Gemini, ${videoId}: ${problem}`, { cause: error });
}

/** Google's `{ error: { status, message } }`, which the SDK passes on as the error's message. */
function apiProblem(error: ApiError): string {
  try {
    const body = JSON.parse(error.message) as { error?: { status?: unknown; message?: unknown } };
    const { status, message } = body.error ?? {};
    if (typeof status === "string" && typeof message === "string") return `${status}: ${message}`;
  } catch {
    // Not Google's envelope: its words as they are.
  }
  return error.message;
}

/**
 * The answer's text, its thoughts left out; undefined when the model gave none. An answer cut short
 * (out of output tokens, blocked) is refused here, as what is left of it may still read as JSON.
 */
function textOf(answer: GenerateContentResponse): string | undefined {
  const candidate = answer.candidates?.[0];
  const stopped = candidate ? candidate.finishReason : answer.promptFeedback?.blockReason;
  if (stopped && stopped !== FinishReason.STOP) {
    throw new Error(`Gemini's answer was not a usable transcript: it stopped early (${stopped})`);
  }
  const parts = candidate?.content?.parts ?? [];
  const texts = parts
    .filter((part) => !part.thought && typeof part.text === "string")
    .map((part) => part.text);
  return texts.length > 0 ? texts.join("") : undefined;
}

function costOf(model: string, videoId: string, answer: GenerateContentResponse): GeminiCost {
  const usage = answer.usageMetadata;
  const inputTokens = usage?.promptTokenCount ?? 0;
  const outputTokens = (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0);
  const audioPromptTokens = (usage?.promptTokensDetails ?? [])
    .filter((detail) => detail.modality === "AUDIO")
    .reduce((sum, detail) => sum + (detail.tokenCount ?? 0), 0);
  const usd = geminiCostUsd(model, { promptTokens: inputTokens, audioPromptTokens, outputTokens });
  return { videoId, inputTokens, outputTokens, usd };
}
