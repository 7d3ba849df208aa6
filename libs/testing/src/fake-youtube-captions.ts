import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fakePoTokenFor } from "./fake-po-token-provider.ts";
import { listenLocally } from "./local-http-server.ts";

/** The three requests youtube-transcript-plus makes for one transcript, in the order it makes them. */
export type FakeCaptionEndpoint = "watch" | "player" | "timedtext";

export interface FakeCaptionLine {
  startSeconds: number;
  /** 2 seconds when omitted. */
  durationSeconds?: number;
  /** As spoken; the fake escapes it the way YouTube does. */
  text: string;
}

export interface FakeCaptionTrack {
  languageCode: string;
  /** "automatic" is YouTube's speech recognition: kind "asr" in the player's answer. */
  kind: "manual" | "automatic";
  /** The language's English name by default, with " (auto-generated)" for automatic tracks. */
  name?: string;
  lines: FakeCaptionLine[];
}

export interface FakeCaptionVideo {
  /** 11 characters. */
  id: string;
  /**
   * Its tracks, in the order the player lists them (none: a caption list without tracks); "disabled":
   * playable, with no captions in the player's answer; "unavailable": removed or private, as any video never
   * added is.
   */
  captions: FakeCaptionTrack[] | "disabled" | "unavailable";
}

/**
 * How YouTube turns away one InnerTube client (by the `clientName` it sends: "WEB", "ANDROID", "iOS",
 * "TVHTML5"): the player's bot check, or tracks whose timed text is an empty 200 unless a PO token (`pot`)
 * comes with it, as web-client caption addresses marked `exp=xpe` have answered since 2025.
 */
export type FakeClientGate = "bot-check" | "po-token";

/** What the fake can do instead of answering well. */
export type FakeCaptionFault =
  | { kind: "rateLimited" }
  | { kind: "serverError"; status?: number }
  /** Answers correctly, but only after `delayMs`. */
  | { kind: "slow"; delayMs: number }
  /** 200 with a body cut short (a page without its config, JSON or XML cut midway) or the text given. */
  | { kind: "malformed"; body?: string }
  /** The player's bot check ("Sign in to confirm you're not a bot"), as YouTube answers cloud addresses. */
  | { kind: "blocked" };

export interface FakeYoutubeCaptions {
  /** The origin to send the library's requests to in place of https://www.youtube.com. */
  readonly baseUrl: string;
  /** Calls received per endpoint, failed ones included. */
  readonly calls: Record<FakeCaptionEndpoint, number>;
  addVideo(video: FakeCaptionVideo): void;
  /** The next `times` calls to `endpoint` (or any endpoint) meet `fault`; forever when `times` is omitted. */
  fail(endpoint: FakeCaptionEndpoint | "any", fault: FakeCaptionFault, times?: number): void;
  /**
   * Every request from this client address (e.g. "127.0.0.1") meets the bot check at the player, as
   * YouTube answers a cloud provider's address; requests through a proxy come from the proxy's address.
   */
  refuseAddress(address: string): void;
  /** Turns away every player call from this InnerTube client as `gate` says, until healed. */
  gateClient(clientName: string, gate: FakeClientGate): void;
  /** The `clientName` of each player call, in order ("WEB" when the body names none). */
  readonly playerClients: string[];
  /** The PO tokens timed-text calls carried, in order (null for none). */
  readonly timedTextTokens: (string | null)[];
  /** Removes every pending fault and gate. */
  heal(): void;
  /** Counts from zero again, and forgets the clients and tokens seen. */
  resetCalls(): void;
  close(): Promise<void>;
}

interface PendingFault {
  endpoint: FakeCaptionEndpoint | "any";
  fault: FakeCaptionFault;
  remaining: number;
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** YouTube's answers name its own origin; the client under test has to send them to the fake itself. */
const YOUTUBE_ORIGIN = "https://www.youtube.com";
const INNERTUBE_API_KEY = "AIzaSyFakeInnertubeKeyOfTheCaptionsFake";
const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=UTF-8";
const XML = "text/xml; charset=UTF-8";

const ROUTES: Record<string, { method: string; endpoint: FakeCaptionEndpoint }> = {
  "/watch": { method: "GET", endpoint: "watch" },
  "/youtubei/v1/player": { method: "POST", endpoint: "player" },
  "/api/timedtext": { method: "GET", endpoint: "timedtext" },
};

const MALFORMED_BODIES: Record<FakeCaptionEndpoint, Answer> = {
  watch: { status: 200, type: HTML, body: "<!DOCTYPE html><html><head><title>YouTube</title></head><bo" },
  player: {
    status: 200,
    type: JSON_TYPE,
    body: '{"playabilityStatus": {"status": "OK"}, "captions": {"player',
  },
  timedtext: {
    status: 200,
    type: XML,
    body: '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.5" dur="2">Hel',
  },
};

/**
 * A local stand-in for the three YouTube pages youtube-transcript-plus reads (node:http on 127.0.0.1, a free
 * port): the watch page it takes the Innertube key from, the Innertube player it asks for the caption
 * tracks, and the timed text of one track (XML, or JSON with `fmt=json3`). The player also answers InnerTube's
 * app clients (youtubei.js asking as Android, iOS or TV), each of which can be turned away on its own. It
 * knows the videos a test adds, counts calls per endpoint and can fail on request.
 */
export async function startFakeYoutubeCaptions(): Promise<FakeYoutubeCaptions> {
  const videos = new Map<string, FakeCaptionVideo>();
  const calls: Record<FakeCaptionEndpoint, number> = { watch: 0, player: 0, timedtext: 0 };
  let faults: PendingFault[] = [];
  const refused = new Set<string>();
  const gates = new Map<string, FakeClientGate>();
  const playerClients: string[] = [];
  const timedTextTokens: (string | null)[] = [];

  function takeFault(endpoint: FakeCaptionEndpoint): FakeCaptionFault | undefined {
    const pending = faults.find((f) => f.endpoint === endpoint || f.endpoint === "any");
    if (!pending) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) faults = faults.filter((f) => f !== pending);
    return pending.fault;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const route = ROUTES[url.pathname];
    if (!route || route.method !== request.method) return send(response, notFound());
    const body = await readBody(request);
    calls[route.endpoint] += 1;
    const from = (request.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    const client = route.endpoint === "player" ? clientNameOf(body) : undefined;
    if (client !== undefined) playerClients.push(client);
    if (route.endpoint === "timedtext") timedTextTokens.push(url.searchParams.get("pot"));
    const gate = client === undefined ? undefined : gates.get(client);
    const fault: FakeCaptionFault | undefined =
      refused.has(from) || gate === "bot-check" ? { kind: "blocked" } : takeFault(route.endpoint);
    if (fault?.kind === "blocked" && route.endpoint === "player") return send(response, botCheck());
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "rateLimited") return send(response, failure(route.endpoint, 429));
    if (fault?.kind === "serverError") return send(response, failure(route.endpoint, fault.status ?? 503));
    if (fault?.kind === "malformed") {
      const malformed = MALFORMED_BODIES[route.endpoint];
      return send(response, { ...malformed, body: fault.body ?? malformed.body });
    }
    if (route.endpoint === "watch")
      return send(response, watchPage(videos.get(url.searchParams.get("v") ?? "")));
    if (route.endpoint === "player") {
      return send(response, playerAnswer(url.searchParams, request.headers, body, videos, gate));
    }
    send(response, timedText(url.searchParams, videos));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, { status: 500, type: "text/plain", body: String(error) });
    });
  });
  const listening = await listenLocally(server, "The fake YouTube captions");

  return {
    baseUrl: `${listening.origin}`,
    calls,
    addVideo: (video) => videos.set(video.id, video),
    fail(endpoint, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ endpoint, fault, remaining: times });
    },
    refuseAddress: (address) => refused.add(address),
    gateClient: (clientName, gate) => gates.set(clientName, gate),
    playerClients,
    timedTextTokens,
    heal() {
      faults = [];
      refused.clear();
      gates.clear();
    },
    resetCalls() {
      for (const name of Object.keys(calls) as FakeCaptionEndpoint[]) calls[name] = 0;
      playerClients.length = 0;
      timedTextTokens.length = 0;
    },
    close: listening.close,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, answer: Answer): void {
  // A client that gave up on a slow answer has closed the socket; there is nobody left to answer.
  if (response.destroyed) return;
  response.writeHead(answer.status, { "content-type": answer.type });
  response.end(answer.body);
}

const notFound = (): Answer => ({
  status: 404,
  type: HTML,
  body: "<!DOCTYPE html><title>404 Not Found</title>",
});

function failure(endpoint: FakeCaptionEndpoint, status: number): Answer {
  if (endpoint === "player") {
    const message = status === 429 ? "Resource has been exhausted." : "The service is currently unavailable.";
    const state = status === 429 ? "RESOURCE_EXHAUSTED" : "UNAVAILABLE";
    return {
      status,
      type: JSON_TYPE,
      body: JSON.stringify({ error: { code: status, message, status: state } }),
    };
  }
  // YouTube sends a rate-limited browser to a captcha page.
  const page = status === 429 ? '<form id="captcha-form"><div class="g-recaptcha"></div></form>' : "Error";
  return { status, type: HTML, body: `<!DOCTYPE html><html><body>${page}</body></html>` };
}

/** What the player answers a client YouTube takes for a bot: playable for nobody, no captions. */
const botCheck = (): Answer => ({
  status: 200,
  type: JSON_TYPE,
  body: JSON.stringify({
    playabilityStatus: {
      status: "LOGIN_REQUIRED",
      reason: "Sign in to confirm you’re not a bot",
      messages: ["This helps protect our community. Learn more"],
    },
  }),
});

/** Answers 200 with the page config for any id, as YouTube does; the player is what tells videos apart. */
function watchPage(video: FakeCaptionVideo | undefined): Answer {
  const config = JSON.stringify({ INNERTUBE_API_KEY, INNERTUBE_CLIENT_NAME: "WEB" });
  const title = video ? `Video ${video.id}` : "YouTube";
  const head = `<head><title>${title} - YouTube</title></head>`;
  const body = `<body><script>ytcfg.set(${config});</script></body>`;
  return { status: 200, type: HTML, body: `<!DOCTYPE html><html lang="en">${head}${body}</html>` };
}

function playerAnswer(
  query: URLSearchParams,
  headers: IncomingMessage["headers"],
  body: string,
  videos: Map<string, FakeCaptionVideo>,
  gate: FakeClientGate | undefined,
): Answer {
  // InnerTube's own clients name themselves in a header and send no key; the watch page's key, when sent,
  // must be the one it gave.
  const keyless = query.get("key") === null && headers["x-youtube-client-name"] !== undefined;
  if (!keyless && query.get("key") !== INNERTUBE_API_KEY) {
    return invalidArgument("API key not valid. Please pass a valid API key.");
  }
  const videoId = videoIdOf(body);
  if (videoId === undefined) return invalidArgument("Request contains an invalid argument.");
  const video = videos.get(videoId);
  if (!video || video.captions === "unavailable") {
    const answer = { playabilityStatus: { status: "ERROR", reason: "Video unavailable" } };
    return { status: 200, type: JSON_TYPE, body: JSON.stringify(answer) };
  }
  const videoDetails = { videoId, title: `Video ${videoId}`, author: "Fake channel", lengthSeconds: "600" };
  const playable = { playabilityStatus: { status: "OK", playableInEmbed: true }, videoDetails };
  const answer =
    video.captions === "disabled"
      ? playable
      : {
          ...playable,
          captions: {
            playerCaptionsTracklistRenderer: tracklist(videoId, video.captions, gate === "po-token"),
          },
        };
  return { status: 200, type: JSON_TYPE, body: JSON.stringify(answer) };
}

function videoIdOf(body: string): string | undefined {
  const videoId = (parsedBody(body) as { videoId?: unknown } | null)?.videoId;
  return typeof videoId === "string" ? videoId : undefined;
}

function clientNameOf(body: string): string {
  const context = (parsedBody(body) as { context?: { client?: { clientName?: unknown } } } | null)?.context;
  const name = context?.client?.clientName;
  return typeof name === "string" ? name : "WEB";
}

function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const invalidArgument = (message: string): Answer => ({
  status: 400,
  type: JSON_TYPE,
  body: JSON.stringify({ error: { code: 400, message, status: "INVALID_ARGUMENT" } }),
});

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** A video without tracks still has a caption list, only without `captionTracks`. */
function tracklist(videoId: string, tracks: FakeCaptionTrack[], needsPoToken: boolean) {
  const captionTracks = tracks.map((track) => {
    const automatic = track.kind === "automatic";
    const query = new URLSearchParams({
      v: videoId,
      lang: track.languageCode,
      ...(automatic ? { kind: "asr" } : {}),
      ...(needsPoToken ? { exp: "xpe" } : {}),
    });
    const language = LANGUAGE_NAMES.of(track.languageCode) ?? track.languageCode;
    return {
      baseUrl: `${YOUTUBE_ORIGIN}/api/timedtext?${query}`,
      name: { simpleText: track.name ?? (automatic ? `${language} (auto-generated)` : language) },
      vssId: `${automatic ? "a" : ""}.${track.languageCode}`,
      languageCode: track.languageCode,
      ...(automatic ? { kind: "asr" } : {}),
      isTranslatable: true,
    };
  });
  return tracks.length > 0 ? { captionTracks, defaultAudioTrackIndex: 0 } : { defaultAudioTrackIndex: 0 };
}

function timedText(query: URLSearchParams, videos: Map<string, FakeCaptionVideo>): Answer {
  const captions = videos.get(query.get("v") ?? "")?.captions;
  const automatic = query.get("kind") === "asr";
  const track = Array.isArray(captions)
    ? captions.find((t) => t.languageCode === query.get("lang") && (t.kind === "automatic") === automatic)
    : undefined;
  if (!track) return notFound();
  const tokenNeeded = query.get("exp") === "xpe" && query.get("pot") !== fakePoTokenFor(query.get("v") ?? "");
  if (tokenNeeded) return { status: 200, type: XML, body: "" };
  if (query.get("fmt") === "json3") return json3(track);
  const texts = track.lines.map((line) => {
    const timing = `start="${line.startSeconds}" dur="${line.durationSeconds ?? 2}"`;
    return `<text ${timing}>${escapeXml(escapeHtml(line.text))}</text>`;
  });
  return {
    status: 200,
    type: XML,
    body: `<?xml version="1.0" encoding="utf-8" ?><transcript>${texts.join("")}</transcript>`,
  };
}

/** The JSON form of a track that InnerTube's app clients read: events in milliseconds, text in segments. */
function json3(track: FakeCaptionTrack): Answer {
  const events = track.lines.map((line) => ({
    tStartMs: Math.round(line.startSeconds * 1000),
    dDurationMs: Math.round((line.durationSeconds ?? 2) * 1000),
    segs: line.text.split(/(?<= )/).map((utf8) => ({ utf8 })),
  }));
  return { status: 200, type: JSON_TYPE, body: JSON.stringify({ wireMagic: "pb3", events }) };
}

/** YouTube escapes caption text for HTML and then again for XML: "it's" arrives as "it&amp;#39;s". */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const escapeXml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c] ?? c);
