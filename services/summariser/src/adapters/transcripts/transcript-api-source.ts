import { setTimeout as sleep } from "node:timers/promises";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import { normaliseLanguageCode } from "./caption-tracks.ts";
import { directRequester, type HttpRequester } from "./http/http-requester.ts";
import {
  type Transcript,
  type TranscriptSegment,
  type TranscriptSource,
  TranscriptUnavailableError,
} from "./transcript-source.ts";

export interface TranscriptApiSettings {
  /** The API's base address, e.g. https://api.supadata.ai/v1. */
  baseUrl: string;
  apiKey: string;
  /**
   * "native": only transcripts YouTube already has (1 credit each); "auto": the provider generates one
   * from the audio when there is none (2 credits a minute).
   */
  mode: "native" | "auto";
  /** Tries in all when a try fails for a reason that may pass (429, 5xx, network); 3 when absent. */
  attempts?: number | undefined;
  retryBaseDelayMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
  /** How often a long video's transcript job is asked about, and for how long at most. */
  jobPollMs?: number | undefined;
  jobTimeoutMs?: number | undefined;
  requester?: HttpRequester | undefined;
}

/** A try failed for a reason that may pass. */
class TransientApiFailure extends Error {}

interface ApiChunk {
  text?: unknown;
  offset?: unknown;
}

/**
 * A hosted transcript API (Supadata's documented HTTP API: `GET /transcript?url=…`, the `x-api-key`
 * header, timed chunks in milliseconds; HTTP 202 and a job to poll for long videos). Its provider fetches
 * captions from addresses YouTube does not refuse, for a fee per transcript. "No transcript" (206, 404)
 * is an answer; refusals of the key or plan, rate limits and outages make it unavailable, so the next
 * source is tried.
 */
export function createTranscriptApiSource(settings: TranscriptApiSettings): TranscriptSource {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const attempts = settings.attempts ?? 3;
  const retryBaseDelayMs = settings.retryBaseDelayMs ?? 1_000;
  const timeoutMs = settings.requestTimeoutMs ?? 60_000;
  const jobPollMs = settings.jobPollMs ?? 2_000;
  const jobTimeoutMs = settings.jobTimeoutMs ?? 5 * 60_000;
  const requester = settings.requester ?? directRequester;
  const headers = { "x-api-key": settings.apiKey, accept: "application/json" };

  async function ask(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
    let answer: { status: number; text: string };
    try {
      answer = await requester(url, { headers, timeoutMs });
    } catch (error) {
      throw new TransientApiFailure(`the transcript API did not answer: ${messageOf(error)}`, {
        cause: error,
      });
    }
    if (answer.status === 429 || answer.status >= 500) {
      throw new TransientApiFailure(`the transcript API answered HTTP ${answer.status}`);
    }
    return { status: answer.status, body: jsonObject(answer.text) };
  }

  async function transcriptOf(videoId: string, language: string | undefined): Promise<Transcript | null> {
    const query = new URLSearchParams({ url: watchUrl(videoId), text: "false", mode: settings.mode });
    if (language) query.set("lang", language.split("-")[0] ?? language);
    let { status, body } = await ask(`${base}/transcript?${query}`);
    if (status === 202) ({ status, body } = await awaitJob(String(body.jobId ?? "")));
    // 206 is the API's "transcript-unavailable"; 404 "video-not-found".
    if (status === 206 || status === 404) return null;
    if (status !== 200) {
      const reason = typeof body.message === "string" ? body.message : `HTTP ${status}`;
      throw new TranscriptUnavailableError(`the transcript API refused ${videoId}: ${reason}`);
    }
    return readTranscript(body);
  }

  async function awaitJob(jobId: string): Promise<{ status: number; body: Record<string, unknown> }> {
    if (!/^[\w-]{1,100}$/.test(jobId)) throw new TransientApiFailure("the transcript API's job has no id");
    const until = Date.now() + jobTimeoutMs;
    for (;;) {
      await sleep(jobPollMs);
      const { status, body } = await ask(`${base}/transcript/${jobId}`);
      if (status !== 200) return { status, body };
      if (body.status === "completed") return { status: 200, body };
      if (body.status === "failed") return { status: 206, body };
      if (Date.now() > until)
        throw new TransientApiFailure(`the transcript API's job ${jobId} took too long`);
    }
  }

  return {
    name: "transcript-api",
    async fetch(request) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await transcriptOf(request.videoId, request.language);
        } catch (error) {
          if (!(error instanceof TransientApiFailure) || attempt >= attempts) {
            if (error instanceof TranscriptUnavailableError) throw error;
            throw new TranscriptUnavailableError(`transcript API, ${request.videoId}: ${messageOf(error)}`, {
              cause: error,
            });
          }
          await sleep(retryBaseDelayMs * 2 ** (attempt - 1));
        }
      }
    },
  };
}

/** The API's chunks as segments; an answer in another shape is not a transcript. */
function readTranscript(body: Record<string, unknown>): Transcript | null {
  const content = body.content;
  const language = typeof body.lang === "string" && body.lang.trim() !== "" ? body.lang : undefined;
  if (!Array.isArray(content) || language === undefined) {
    throw new TranscriptUnavailableError("the transcript API answered without timed chunks or a language");
  }
  const segments: TranscriptSegment[] = [];
  for (const chunk of content as ApiChunk[]) {
    if (typeof chunk?.text !== "string" || typeof chunk.offset !== "number" || !(chunk.offset >= 0)) {
      throw new TranscriptUnavailableError("the transcript API answered a chunk without text or time");
    }
    const text = chunk.text.replace(/\s+/g, " ").trim();
    if (text !== "") segments.push({ startSeconds: chunk.offset / 1000, text });
  }
  if (segments.length === 0) return null;
  segments.sort((a, b) => a.startSeconds - b.startSeconds);
  return { language: normaliseLanguageCode(language), kind: "transcript-api", segments };
}

function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Not JSON: read as an empty answer, which every status check above refuses as it should.
  }
  return {};
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
