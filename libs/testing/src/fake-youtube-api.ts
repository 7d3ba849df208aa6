import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  BACKEND_ERROR_BODY,
  channelResource,
  errorBody,
  type FakeChannel,
  type FakeVideo,
  listResponse,
  playlistItemResource,
  QUOTA_EXCEEDED_BODY,
  RATE_LIMITED_BODY,
  searchResult,
  uploadsFeedXml,
  uploadsPlaylistOf,
  videoResource,
} from "./fake-youtube-resources.ts";
import { listenLocally } from "./local-http-server.ts";

export type { FakeChannel, FakeVideo } from "./fake-youtube-resources.ts";

export type FakeYoutubeEndpoint = "search" | "channels" | "playlistItems" | "videos";

/**
 * Where a fault applies: one Data API endpoint, "any" of them, or "feed", the public uploads feed
 * (`/feeds/videos.xml`), which is not the Data API and so is never hit by "any".
 */
export type FakeYoutubeFaultTarget = FakeYoutubeEndpoint | "any" | "feed";

/** What the fake can do instead of answering well. */
export type FakeYoutubeFault =
  /** 403 with the real `quotaExceeded` body, as when the project's daily quota is spent. */
  | { kind: "quotaExceeded" }
  /** 429 `rateLimitExceeded`, as when requests come too fast. */
  | { kind: "rateLimited" }
  | { kind: "serverError"; status?: number }
  /** Answers correctly, but only after `delayMs`. */
  | { kind: "slow"; delayMs: number }
  /** 200 with a body that is not what the API sends: not JSON by default, or the given text. */
  | { kind: "malformed"; body?: string };

/** The quota cost of each call, from https://developers.google.com/youtube/v3/determine_quota_cost. */
export const FAKE_YOUTUBE_COSTS: Record<FakeYoutubeEndpoint, number> = {
  search: 100,
  channels: 1,
  playlistItems: 1,
  videos: 1,
};

export interface FakeYoutubeApi {
  /** Give this to the SDK as `rootUrl`. */
  readonly rootUrl: string;
  /** Calls received per endpoint, failed ones included. */
  readonly calls: Record<FakeYoutubeEndpoint, number>;
  /** Units the calls would have cost on the real API. */
  readonly unitsSpent: number;
  /** Query strings of the calls received, oldest first. */
  readonly requests: { endpoint: FakeYoutubeEndpoint; query: URLSearchParams }[];
  /** Give this to catalog as the uploads feed's address (`…/feeds/videos.xml`). */
  readonly feedUrl: string;
  /** The `channel_id` of every feed request received, failed ones included, oldest first; it costs no units. */
  readonly feedRequests: string[];
  addChannel(channel: FakeChannel): void;
  addVideo(video: FakeVideo): void;
  /**
   * The next `times` calls to `target` meet `fault`; forever when `times` is omitted. The feed answers
   * a quota fault with 403 and a server error with an HTML page, as YouTube's web servers do.
   */
  fail(target: FakeYoutubeFaultTarget, fault: FakeYoutubeFault, times?: number): void;
  /** Removes every pending fault. */
  heal(): void;
  resetCalls(): void;
  close(): Promise<void>;
}

export interface FakeYoutubeOptions {
  /** After this many units, every call answers 403 quotaExceeded, as the real API does. */
  dailyQuotaUnits?: number;
}

interface PendingFault {
  endpoint: FakeYoutubeFaultTarget;
  fault: FakeYoutubeFault;
  remaining: number;
}

const ENDPOINTS = new Set<string>(["search", "channels", "playlistItems", "videos"]);
const FEED_PATH = "/feeds/videos.xml";

/**
 * A local stand-in for the YouTube Data API v3 (node:http on 127.0.0.1, a free port): the official
 * `@googleapis/youtube` client pointed at it with `rootUrl` takes the code path production takes.
 * It knows the channels and videos a test adds, counts calls per endpoint and can fail on request.
 * It also serves each channel's public uploads feed from the same videos, at `feedUrl`.
 */
export async function startFakeYoutubeApi(options: FakeYoutubeOptions = {}): Promise<FakeYoutubeApi> {
  const channels = new Map<string, FakeChannel>();
  const videos = new Map<string, FakeVideo>();
  const calls: Record<FakeYoutubeEndpoint, number> = { search: 0, channels: 0, playlistItems: 0, videos: 0 };
  const requests: FakeYoutubeApi["requests"] = [];
  const feedRequests: string[] = [];
  let faults: PendingFault[] = [];
  let unitsSpent = 0;

  function takeFault(endpoint: FakeYoutubeEndpoint | "feed"): FakeYoutubeFault | undefined {
    const matches = (f: PendingFault) =>
      f.endpoint === endpoint || (f.endpoint === "any" && endpoint !== "feed");
    const pending = faults.find(matches);
    if (!pending) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) faults = faults.filter((f) => f !== pending);
    return pending.fault;
  }

  const answers: Record<FakeYoutubeEndpoint, (query: URLSearchParams) => [number, unknown]> = {
    search: (query) => answerSearch(query, channels),
    channels: (query) => answerChannels(query, channels),
    playlistItems: (query) => answerPlaylistItems(query, channels, videos),
    videos: (query) => answerVideos(query, channels, videos),
  };

  async function handleFeed(url: URL, response: ServerResponse): Promise<void> {
    const channelId = url.searchParams.get("channel_id") ?? "";
    feedRequests.push(channelId);
    const fault = takeFault("feed");
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "quotaExceeded") return sendText(response, 403, "Forbidden", "text/plain");
    if (fault?.kind === "rateLimited") return sendText(response, 429, "Too Many Requests", "text/plain");
    if (fault?.kind === "serverError") {
      return sendText(response, fault.status ?? 500, "<html><body>Error</body></html>", "text/html");
    }
    if (fault?.kind === "malformed") {
      const truncated = '<?xml version="1.0"?><feed><entry><yt:videoId>';
      return sendText(response, 200, fault.body ?? truncated, "text/xml; charset=UTF-8");
    }
    const channel = channels.get(channelId);
    // YouTube answers an unknown channel's feed with an HTML 404.
    if (!channel) return sendText(response, 404, "<html><body>Not Found</body></html>", "text/html");
    const uploads = [...videos.values()].filter((video) => video.channelId === channel.id);
    sendText(response, 200, uploadsFeedXml(channel, uploads), "text/xml; charset=UTF-8");
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === FEED_PATH) return handleFeed(url, response);
    const endpoint = url.pathname.replace(/^\/youtube\/v3\//, "");
    if (!ENDPOINTS.has(endpoint)) return send(response, 404, errorBody(404, "notFound", "Not Found"));
    const name = endpoint as FakeYoutubeEndpoint;
    calls[name] += 1;
    requests.push({ endpoint: name, query: url.searchParams });
    if (!url.searchParams.get("key")) {
      return send(response, 403, errorBody(403, "forbidden", "The request is missing a valid API key."));
    }
    const fault = takeFault(name);
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "quotaExceeded") return send(response, 403, QUOTA_EXCEEDED_BODY);
    if (fault?.kind === "rateLimited") return send(response, 429, RATE_LIMITED_BODY);
    if (fault?.kind === "serverError") return send(response, fault.status ?? 503, BACKEND_ERROR_BODY);
    if (fault?.kind === "malformed") return sendText(response, 200, fault.body ?? '{"items": [ {"id": ');
    const cost = FAKE_YOUTUBE_COSTS[name];
    if (options.dailyQuotaUnits !== undefined && unitsSpent + cost > options.dailyQuotaUnits) {
      return send(response, 403, QUOTA_EXCEEDED_BODY);
    }
    unitsSpent += cost;
    const [status, body] = answers[name](url.searchParams);
    send(response, status, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, errorBody(500, "backendError", String(error)));
    });
  });
  const listening = await listenLocally(server, "The fake YouTube API");

  return {
    rootUrl: `${listening.origin}/`,
    feedUrl: `${listening.origin}${FEED_PATH}`,
    feedRequests,
    calls,
    get unitsSpent() {
      return unitsSpent;
    },
    requests,
    addChannel: (channel) => channels.set(channel.id, channel),
    addVideo: (video) => videos.set(video.id, video),
    fail(endpoint, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ endpoint, fault, remaining: times });
    },
    heal() {
      faults = [];
    },
    resetCalls() {
      for (const name of Object.keys(calls) as FakeYoutubeEndpoint[]) calls[name] = 0;
      requests.length = 0;
      feedRequests.length = 0;
      unitsSpent = 0;
    },
    close: listening.close,
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  sendText(response, status, JSON.stringify(body), "application/json; charset=UTF-8");
}

function sendText(response: ServerResponse, status: number, text: string, type = "application/json"): void {
  // A client that gave up on a slow answer has closed the socket; there is nobody left to answer.
  if (response.destroyed) return;
  response.writeHead(status, { "content-type": type });
  response.end(text);
}

/** `id=a,b` and `id=a&id=b` (the SDK's form for arrays) both name several resources. */
const listParam = (query: URLSearchParams, name: string) =>
  query.getAll(name).flatMap((value) => value.split(",").filter((part) => part !== ""));

const maxResultsOf = (query: URLSearchParams, fallback: number) =>
  Math.min(50, Math.max(0, Number(query.get("maxResults") ?? fallback)));

function answerSearch(query: URLSearchParams, channels: Map<string, FakeChannel>): [number, unknown] {
  const q = (query.get("q") ?? "").toLowerCase();
  if (query.get("type") !== "channel") return [400, errorBody(400, "invalidSearchFilter", "Only channels")];
  const hits = [...channels.values()].filter((channel) =>
    `${channel.title} ${channel.description ?? ""}`.toLowerCase().includes(q),
  );
  const page = hits.slice(0, maxResultsOf(query, 5));
  return [200, listResponse("youtube#searchListResponse", page.map(searchResult), hits.length)];
}

function answerChannels(query: URLSearchParams, channels: Map<string, FakeChannel>): [number, unknown] {
  const parts = new Set(listParam(query, "part"));
  const ids = listParam(query, "id");
  if (ids.length > 50) return [400, errorBody(400, "invalidFilters", "Too many ids")];
  const handle = query.get("forHandle")?.replace(/^@/, "").toLowerCase();
  const found = handle
    ? [...channels.values()].filter((channel) => channel.handle?.toLowerCase() === handle)
    : ids.flatMap((id) => channels.get(id) ?? []);
  const items = found.map((channel) => channelResource(channel, parts));
  return [200, listResponse("youtube#channelListResponse", items, items.length)];
}

function answerPlaylistItems(
  query: URLSearchParams,
  channels: Map<string, FakeChannel>,
  videos: Map<string, FakeVideo>,
): [number, unknown] {
  const channel = [...channels.values()].find((c) => uploadsPlaylistOf(c.id) === query.get("playlistId"));
  if (!channel) {
    const message =
      "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.";
    return [404, errorBody(404, "playlistNotFound", message, "youtube.playlistItem")];
  }
  const uploads = [...videos.values()]
    .filter((video) => video.channelId === channel.id)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const size = maxResultsOf(query, 5);
  const start = Number(query.get("pageToken")?.replace(/^page/, "") ?? 0);
  const page = uploads.slice(start, start + size);
  const next = start + size < uploads.length ? `page${start + size}` : undefined;
  const items = page.map((video, i) => playlistItemResource(video, channel, start + i));
  return [200, listResponse("youtube#playlistItemListResponse", items, uploads.length, next)];
}

function answerVideos(
  query: URLSearchParams,
  channels: Map<string, FakeChannel>,
  videos: Map<string, FakeVideo>,
): [number, unknown] {
  const parts = new Set(listParam(query, "part"));
  const ids = listParam(query, "id");
  if (ids.length > 50) return [400, errorBody(400, "invalidFilters", "Too many ids")];
  const items = ids.flatMap((id) => {
    const video = videos.get(id);
    return video ? [videoResource(video, channels.get(video.channelId), parts)] : [];
  });
  return [200, listResponse("youtube#videoListResponse", items, items.length)];
}
