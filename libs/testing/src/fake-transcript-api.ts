import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { faultQueue } from "./fault-queue.ts";
import { listenLocally } from "./local-http-server.ts";

export interface FakeTranscriptApiVideo {
  /** 11 characters. */
  id: string;
  /** ISO 639-1, as the API answers it. */
  lang: string;
  lines: { startSeconds: number; text: string }[];
  /** Answered as a job (202) that completes at its second poll, as the API does for long videos. */
  asJob?: boolean;
}

export type FakeTranscriptApiFault =
  | { kind: "rateLimited" }
  | { kind: "serverError"; status?: number }
  | { kind: "slow"; delayMs: number }
  /** 200 with this body (default: chunks without times), as a broken or changed API might answer. */
  | { kind: "malformed"; body?: string }
  /** 402 "upgrade-required": the plan's credits are spent. */
  | { kind: "outOfCredits" };

export interface FakeTranscriptApi {
  /** Give this as TRANSCRIPT_API_URL. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Transcript requests received (job polls not included), failed ones included. */
  readonly calls: number;
  /** The `mode` and `lang` each transcript request asked for. */
  readonly requests: { videoId: string | null; mode: string | null; lang: string | null }[];
  addVideo(video: FakeTranscriptApiVideo): void;
  fail(fault: FakeTranscriptApiFault, times?: number): void;
  heal(): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for Supadata's transcript API (`GET /v1/transcript?url=…&text=false`, `x-api-key`,
 * chunks with `offset` and `duration` in milliseconds; 206 `transcript-unavailable`; 202 and
 * `GET /v1/transcript/{jobId}` for jobs), able to fail on request.
 */
export async function startFakeTranscriptApi(options: { apiKey?: string } = {}): Promise<FakeTranscriptApi> {
  const apiKey = options.apiKey ?? "sd_fake_key";
  const videos = new Map<string, FakeTranscriptApiVideo>();
  const jobs = new Map<string, { videoId: string; polls: number }>();
  const requests: FakeTranscriptApi["requests"] = [];
  const faults = faultQueue<FakeTranscriptApiFault>();
  let calls = 0;

  const transcriptOf = (video: FakeTranscriptApiVideo) => ({
    content: video.lines.map((line) => ({
      text: line.text,
      offset: Math.round(line.startSeconds * 1000),
      duration: 2000,
      lang: video.lang,
    })),
    lang: video.lang,
    availableLangs: [video.lang],
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.headers["x-api-key"] !== apiKey) {
      return send(response, 401, errorBody("unauthorized", "Invalid or missing API key"));
    }
    const job = /^\/v1\/transcript\/([\w-]+)$/.exec(url.pathname);
    if (job) {
      const pending = jobs.get(job[1] ?? "");
      if (!pending) return send(response, 404, errorBody("not-found", "Job not found"));
      pending.polls += 1;
      const video = videos.get(pending.videoId);
      if (pending.polls < 2 || !video) return send(response, 200, { status: "active" });
      return send(response, 200, { status: "completed", ...transcriptOf(video) });
    }
    if (url.pathname !== "/v1/transcript" || request.method !== "GET") {
      return send(response, 404, errorBody("not-found", "Not found"));
    }
    calls += 1;
    const videoId = new URL(url.searchParams.get("url") ?? "http://x").searchParams.get("v");
    requests.push({ videoId, mode: url.searchParams.get("mode"), lang: url.searchParams.get("lang") });
    const fault = faults.take();
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "rateLimited")
      return send(response, 429, errorBody("limit-exceeded", "Limit Exceeded"));
    if (fault?.kind === "serverError")
      return send(response, fault.status ?? 500, errorBody("internal-error", "Internal Error"));
    if (fault?.kind === "outOfCredits")
      return send(response, 402, errorBody("upgrade-required", "Upgrade Required"));
    if (fault?.kind === "malformed") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(fault.body ?? JSON.stringify({ content: [{ text: "no time" }], lang: "en" }));
      return;
    }
    const video = videoId ? videos.get(videoId) : undefined;
    if (!video) return send(response, 206, errorBody("transcript-unavailable", "Transcript Unavailable"));
    if (video.asJob) {
      const jobId = randomUUID();
      jobs.set(jobId, { videoId: video.id, polls: 0 });
      return send(response, 202, { jobId });
    }
    send(response, 200, transcriptOf(video));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, errorBody("internal-error", String(error))),
    );
  });
  const listening = await listenLocally(server, "The fake transcript API");
  return {
    baseUrl: `${listening.origin}/v1`,
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

const errorBody = (error: string, message: string) => ({
  error,
  message,
  details: message,
  documentationUrl: `https://docs.supadata.ai/errors/${error}`,
});

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
