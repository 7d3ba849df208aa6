import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { faultQueue } from "./fault-queue.ts";
import { listenLocally } from "./local-http-server.ts";

export interface FakeGeminiVideo {
  /** 11 characters, asked for as `https://www.youtube.com/watch?v={id}`. */
  id: string;
  /** What the model answers as the spoken language. */
  language: string;
  segments: { startSeconds: number; text: string }[];
  /** Billed as video and audio tokens for every second; 10 s after the last segment when absent. */
  durationSeconds?: number;
  /** Music or silence only: the model answers that nothing is spoken. */
  noSpeech?: boolean;
}

/** What the fake can do instead of answering well. */
export type FakeGeminiFault =
  /** 429 RESOURCE_EXHAUSTED: the key's quota per minute or day is spent. */
  | { kind: "rateLimited" }
  /** 403 PERMISSION_DENIED: the key is suspended or its project may not use the API. */
  | { kind: "refused" }
  /** 500 INTERNAL, or 503 UNAVAILABLE ("the model is overloaded"). */
  | { kind: "serverError"; status?: 500 | 503 }
  /** Answers correctly, but only after `delayMs`. */
  | { kind: "slow"; delayMs: number }
  /** 200 whose text is prose rather than the JSON asked for, or the given text. */
  | { kind: "malformed"; text?: string }
  /** 200 with the video's transcript, its segments' times in reverse order. */
  | { kind: "outOfOrder" }
  /** 200 with the answer cut in half and `finishReason: "MAX_TOKENS"`, as when output tokens ran out. */
  | { kind: "truncated" };

/** One generateContent request as the fake understood it. */
export interface FakeGeminiRequest {
  model: string;
  fileUri: string | undefined;
  mediaResolution: string | undefined;
  responseMimeType: string | undefined;
  /** `responseJsonSchema` or `responseSchema`, whichever was sent. */
  schema: unknown;
  temperature: number | undefined;
  /** `thinkingConfig.thinkingBudget`: 0 turns thinking off, and none is billed. */
  thinkingBudget: number | undefined;
  /** The text parts of the request, joined. */
  prompt: string;
}

export interface FakeGeminiOptions {
  /** The only key accepted, as the SDK sends it (`x-goog-api-key`) or as `?key=`. */
  apiKey?: string;
  /** Models that exist; any other is answered 404 NOT_FOUND. */
  models?: string[];
  /** Thinking tokens billed on every answer, as 2.5 models think unless told not to. */
  thoughtsTokens?: number;
}

export interface FakeGeminiApi {
  /** Give this to the SDK as `httpOptions.baseUrl`; it adds `/v1beta`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** generateContent requests received with the right key, failed ones included. */
  readonly calls: number;
  readonly requests: FakeGeminiRequest[];
  addVideo(video: FakeGeminiVideo): void;
  fail(fault: FakeGeminiFault, times?: number): void;
  heal(): void;
  close(): Promise<void>;
}

const WATCH_URL = /^https:\/\/www\.youtube\.com\/watch\?v=([\w-]{11})$/;

/** Tokens a frame costs at each resolution (one frame a second), as Gemini's video understanding counts them. */
const FRAME_TOKENS: Record<string, number> = { MEDIA_RESOLUTION_LOW: 66 };
const DEFAULT_FRAME_TOKENS = 258;
/** Tokens a second of the video's sound costs, whatever the resolution. */
const AUDIO_TOKENS_PER_SECOND = 32;

/**
 * A local stand-in for the Gemini API's `POST /v1beta/models/{model}:generateContent`, as `@google/genai`
 * calls it: a YouTube video given as `fileData.fileUri` is "watched" and its transcript answered as the
 * JSON the request asked for, billed in `usageMetadata` by the video's length and the resolution asked.
 * Keys, videos it cannot watch and faults are answered with Google's error envelope
 * `{ error: { code, message, status } }`, as the real API does.
 */
export async function startFakeGeminiApi(options: FakeGeminiOptions = {}): Promise<FakeGeminiApi> {
  const apiKey = options.apiKey ?? "AIza-fake-gemini-key";
  const models = new Set(options.models ?? ["gemini-2.5-flash", "gemini-2.5-flash-lite", "gemini-2.5-pro"]);
  const videos = new Map<string, FakeGeminiVideo>();
  const requests: FakeGeminiRequest[] = [];
  const faults = faultQueue<FakeGeminiFault>();
  let calls = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readBody(request);
    const key = request.headers["x-goog-api-key"] ?? url.searchParams.get("key");
    if (key === undefined || key === null) {
      return sendError(
        response,
        403,
        "PERMISSION_DENIED",
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    }
    if (key !== apiKey) {
      return sendError(response, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.");
    }
    const route = /^\/v1beta\/models\/([\w.-]+):generateContent$/.exec(url.pathname);
    if (!route || request.method !== "POST") return sendError(response, 404, "NOT_FOUND", "Not Found");
    const model = route[1] ?? "";
    calls += 1;
    const asked = understood(model, body);
    requests.push(asked);
    if (!models.has(model)) {
      return sendError(
        response,
        404,
        "NOT_FOUND",
        `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
      );
    }
    const fault = faults.take();
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "rateLimited") {
      return sendError(
        response,
        429,
        "RESOURCE_EXHAUSTED",
        "You exceeded your current quota, please check your plan and billing details.",
      );
    }
    if (fault?.kind === "refused") {
      return sendError(response, 403, "PERMISSION_DENIED", "Permission denied: Consumer has been suspended.");
    }
    if (fault?.kind === "serverError") {
      return fault.status === 503
        ? sendError(response, 503, "UNAVAILABLE", "The model is overloaded. Please try again later.")
        : sendError(response, 500, "INTERNAL", "An internal error has occurred. Please retry.");
    }
    const video = videos.get(WATCH_URL.exec(asked.fileUri ?? "")?.[1] ?? "");
    // How the API answers a private, removed or unknown video, and a file it cannot read.
    if (!video) return sendError(response, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    let text: string;
    if (fault?.kind === "malformed") {
      text = fault.text ?? "Sure! Here is the transcript of the video you asked for: the speaker says hello.";
    } else if (asked.responseMimeType !== "application/json") {
      // Without JSON asked for, the model talks.
      text = `Here is what is said in the video:\n${video.segments.map((line) => line.text).join("\n")}`;
    } else {
      const segments = fault?.kind === "outOfOrder" ? video.segments.toReversed() : video.segments;
      text = JSON.stringify(
        video.noSpeech
          ? { spoken: false, segments: [] }
          : {
              spoken: true,
              language: video.language,
              segments: segments.map((line) => ({ start: clock(line.startSeconds), text: line.text })),
            },
      );
    }
    const truncated = fault?.kind === "truncated";
    const said = truncated ? text.slice(0, Math.floor(text.length / 2)) : text;
    send(response, 200, answer(model, asked, video, said, truncated ? "MAX_TOKENS" : "STOP"));
  }

  function answer(
    model: string,
    asked: FakeGeminiRequest,
    video: FakeGeminiVideo,
    text: string,
    finishReason: string,
  ) {
    const seconds = video.durationSeconds ?? (video.segments.at(-1)?.startSeconds ?? 0) + 10;
    const frameTokens = FRAME_TOKENS[asked.mediaResolution ?? ""] ?? DEFAULT_FRAME_TOKENS;
    const videoTokens = Math.round(seconds * frameTokens);
    const audioTokens = Math.round(seconds * AUDIO_TOKENS_PER_SECOND);
    const promptTokens = Math.ceil(asked.prompt.length / 4);
    const outputTokens = Math.ceil(text.length / 4);
    const thoughtsTokens = asked.thinkingBudget === 0 ? 0 : (options.thoughtsTokens ?? 0);
    return {
      candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason, index: 0 }],
      usageMetadata: {
        promptTokenCount: promptTokens + videoTokens + audioTokens,
        candidatesTokenCount: outputTokens,
        ...(thoughtsTokens > 0 ? { thoughtsTokenCount: thoughtsTokens } : {}),
        totalTokenCount: promptTokens + videoTokens + audioTokens + outputTokens + thoughtsTokens,
        promptTokensDetails: [
          { modality: "TEXT", tokenCount: promptTokens },
          { modality: "VIDEO", tokenCount: videoTokens },
          { modality: "AUDIO", tokenCount: audioTokens },
        ],
      },
      modelVersion: model,
      responseId: randomUUID(),
    };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      sendError(response, 500, "INTERNAL", `The fake failed: ${String(error)}`),
    );
  });
  const listening = await listenLocally(server, "The fake Gemini API");
  return {
    baseUrl: `${listening.origin}`,
    apiKey,
    get calls() {
      return calls;
    },
    requests,
    addVideo: (video) => videos.set(video.id, video),
    fail: faults.fail,
    heal: faults.heal,
    close: listening.close,
  };
}

interface Part {
  text?: unknown;
  fileData?: { fileUri?: unknown };
}

/** The request's parts and generation settings, whatever shape it came in. */
function understood(model: string, body: string): FakeGeminiRequest {
  let parsed: {
    contents?: { parts?: Part[] }[];
    generationConfig?: Record<string, unknown>;
  } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // Not JSON: recorded with nothing in it, and answered as a video it cannot find.
  }
  const parts = (parsed.contents ?? []).flatMap((content) => content.parts ?? []);
  const config = parsed.generationConfig ?? {};
  const fileUri = parts.map((part) => part.fileData?.fileUri).find((uri) => typeof uri === "string");
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    model,
    fileUri: text(fileUri),
    mediaResolution: text(config.mediaResolution),
    responseMimeType: text(config.responseMimeType),
    schema: config.responseJsonSchema ?? config.responseSchema,
    temperature: typeof config.temperature === "number" ? config.temperature : undefined,
    thinkingBudget: thinkingBudgetOf(config.thinkingConfig),
    prompt: parts
      .map((part) => text(part.text))
      .filter((each) => each !== undefined)
      .join("\n"),
  };
}

function thinkingBudgetOf(thinking: unknown): number | undefined {
  const budget = (thinking as { thinkingBudget?: unknown } | null | undefined)?.thinkingBudget;
  return typeof budget === "number" ? budget : undefined;
}

/** A time as the model writes it: "m:ss", or "h:mm:ss" past the hour. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const ss = String(rest).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendError(response: ServerResponse, code: number, status: string, message: string): void {
  send(response, code, { error: { code, message, status } });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  response.end(JSON.stringify(body));
}
