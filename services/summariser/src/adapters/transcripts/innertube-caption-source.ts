import { Innertube, Log } from "youtubei.js";
import { cleanCaptionText } from "./caption-text.ts";
import { type CaptionTrack, chooseCaptionTrack, normaliseLanguageCode } from "./caption-tracks.ts";
import { directRequester, type HttpRequester } from "./http/http-requester.ts";
import { poTokenFrom } from "./po-token-provider.ts";
import type { Transcript, TranscriptRequest, TranscriptSource } from "./transcript-source.ts";

/** A client InnerTube knows ("ANDROID", "IOS", "TV", "WEB", …), as youtubei.js names it. */
export type InnerTubeClient = NonNullable<NonNullable<Parameters<Innertube["getBasicInfo"]>[1]>["client"]>;

/** The app clients YouTube still serves captions to from a server, in the order they are asked. */
export const DEFAULT_INNERTUBE_CLIENTS: InnerTubeClient[] = ["ANDROID", "IOS", "TV"];

export interface InnertubeCaptionSettings {
  /** Where InnerTube and the caption tracks are asked for (its origin only); YouTube when absent. */
  baseUrl?: string | undefined;
  /** Asked in this order until one gives captions; DEFAULT_INNERTUBE_CLIENTS when absent. */
  clients?: InnerTubeClient[] | undefined;
  /** A PO-token provider (bgutil's HTTP server); each video's token is sent with its requests when set. */
  poTokenProviderUrl?: string | undefined;
  /** A request not answered, body included, within this counts as failed; 10 s when absent. */
  requestTimeoutMs?: number | undefined;
  /** How requests leave this machine: directly when absent, or through a proxy (proxiedRequester). */
  requester?: HttpRequester | undefined;
}

/** Why one client got no captions: YouTube refused it, limited it, or answered what cannot be read. */
interface ClientFailure {
  failure: "refused" | "rate-limited" | "failed";
  reason: string;
}

/** A client's answer: the video's transcript, null when it has none, or why the client got nothing. */
type ClientAnswer = { transcript: Transcript | null } | ClientFailure;

interface Json3Track {
  events?: { tStartMs?: unknown; segs?: { utf8?: unknown }[] }[];
}

/**
 * Captions through InnerTube as YouTube's own apps ask for them (youtubei.js): from a server address the
 * web client's caption pages are often refused or empty without a PO token, while the Android, iOS and TV
 * clients are still answered. Each client is asked once, in order, until one gives a track; a client
 * turned away hands on to the next. Null when a client was answered and the video has no captions.
 */
export function createInnertubeCaptionSource(settings: InnertubeCaptionSettings = {}): TranscriptSource {
  const origin = new URL(settings.baseUrl ?? "https://www.youtube.com").origin;
  const clients = settings.clients ?? DEFAULT_INNERTUBE_CLIENTS;
  const requestTimeoutMs = settings.requestTimeoutMs ?? 10_000;
  const requester = settings.requester ?? directRequester;
  // The library logs to the console by itself; what matters reaches the logs through the chain.
  Log.setLevel(Log.Level.NONE);

  /** The library's fetch: every request sent to `origin` through the requester, so proxies and fakes apply. */
  async function send(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === "POST" ? await request.text() : undefined;
    const answer = await requester(new URL(`${url.pathname}${url.search}`, origin).href, {
      method: request.method === "POST" ? "POST" : "GET",
      headers: Object.fromEntries(request.headers),
      body,
      timeoutMs: requestTimeoutMs,
    });
    return new Response(answer.text, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  }

  // Made locally (no visitor-data or player request): only the player and caption tracks are asked for.
  let session: Promise<Innertube> | undefined;
  const innertube = () => {
    session ??= Innertube.create({
      fetch: send,
      retrieve_player: false,
      retrieve_innertube_config: false,
      generate_session_locally: true,
      lang: "en",
    });
    return session;
  };

  async function askClient(
    client: InnerTubeClient,
    request: TranscriptRequest,
    poToken: string | undefined,
  ): Promise<ClientAnswer> {
    let info: Awaited<ReturnType<Innertube["getBasicInfo"]>>;
    try {
      info = await (await innertube()).getBasicInfo(request.videoId, {
        client,
        ...(poToken ? { po_token: poToken } : {}),
      });
    } catch (error) {
      // The library throws for a removed, private or unknown video: there are no captions to have.
      if (playabilityOf(error) === "ERROR") return { transcript: null };
      return failureOf(client, error);
    }
    const status = info.playability_status?.status;
    if (status !== "OK") {
      return {
        failure: "refused",
        reason: `${client}: YouTube refused the player (${info.playability_status?.reason || status})`,
      };
    }
    const tracks: (CaptionTrack & { baseUrl: string })[] = (info.captions?.caption_tracks ?? []).map(
      (track) => ({
        baseUrl: track.base_url,
        languageCode: track.language_code,
        ...(track.kind === "asr" ? { kind: "asr" } : {}),
      }),
    );
    const chosen = chooseCaptionTrack(tracks, request.language) as
      | (CaptionTrack & { baseUrl: string })
      | undefined;
    if (chosen === undefined) return { transcript: null };
    const trackUrl = new URL(chosen.baseUrl);
    trackUrl.searchParams.set("fmt", "json3");
    if (poToken) trackUrl.searchParams.set("pot", poToken);
    let answer: { status: number; text: string };
    try {
      answer = await requester(new URL(`${trackUrl.pathname}${trackUrl.search}`, origin).href, {
        timeoutMs: requestTimeoutMs,
      });
    } catch (error) {
      return {
        failure: "failed",
        reason: `${client}: the caption track did not answer: ${messageOf(error)}`,
      };
    }
    if (answer.status === 429)
      return { failure: "rate-limited", reason: `${client}: the caption track answered HTTP 429` };
    if (answer.status === 403)
      return { failure: "refused", reason: `${client}: the caption track answered HTTP 403` };
    if (answer.status !== 200)
      return { failure: "failed", reason: `${client}: the caption track answered HTTP ${answer.status}` };
    // An empty 200 is how a track that wants a PO token answers without one.
    if (answer.text.trim() === "") {
      return { failure: "refused", reason: `${client}: the caption track is empty without a PO token` };
    }
    const segments = readJson3(answer.text);
    if (segments === undefined)
      return { failure: "failed", reason: `${client}: the caption track is not readable` };
    if (segments.length === 0) return { transcript: null };
    const kind = chosen.kind === "asr" ? "automatic" : "manual";
    return { transcript: { language: normaliseLanguageCode(chosen.languageCode), kind, segments } };
  }

  return {
    name: "youtube-innertube",
    async fetch(request) {
      const poToken = settings.poTokenProviderUrl
        ? await poTokenFrom(settings.poTokenProviderUrl, request.videoId, requestTimeoutMs)
        : undefined;
      const failures: ClientFailure[] = [];
      for (const client of clients) {
        const answer = await askClient(client, request, poToken);
        if ("transcript" in answer) return answer.transcript;
        failures.push(answer);
      }
      throw clientsFailed(request.videoId, failures);
    },
  };
}

/** Every client turned away: limited if any was (asking again later helps), refused if all were. */
function clientsFailed(videoId: string, failures: ClientFailure[]): Error {
  const reasons = failures.map((failure) => failure.reason).join("; ");
  if (failures.some((failure) => failure.failure === "rate-limited")) {
    return new Error(`InnerTube rate-limited the captions of ${videoId} (HTTP 429): ${reasons}`);
  }
  if (failures.every((failure) => failure.failure === "refused")) {
    return new Error(`YouTube refused every InnerTube client for ${videoId}: ${reasons}`);
  }
  return new Error(`InnerTube captions of ${videoId} not had: ${reasons}`);
}

function failureOf(client: InnerTubeClient, error: unknown): ClientFailure {
  const message = messageOf(error);
  const status = /status code (\d{3})/.exec(message)?.[1];
  if (status === "429") return { failure: "rate-limited", reason: `${client}: the player answered HTTP 429` };
  if (status === "403") return { failure: "refused", reason: `${client}: the player answered HTTP 403` };
  return {
    failure: "failed",
    reason: `${client}: ${status ? `the player answered HTTP ${status}` : message}`,
  };
}

/** The playability the library's error carries for a video it would not describe. */
const playabilityOf = (error: unknown) => (error as { info?: { status?: unknown } } | null)?.info?.status;

/** The track's lines in order of time, empty ones left out; undefined for anything but a json3 track. */
function readJson3(text: string) {
  let track: Json3Track;
  try {
    track = JSON.parse(text) as Json3Track;
  } catch {
    return undefined;
  }
  if (!Array.isArray(track?.events)) return undefined;
  const segments: Transcript["segments"] = [];
  for (const event of track.events) {
    if (!Array.isArray(event.segs)) continue;
    if (typeof event.tStartMs !== "number" || !Number.isFinite(event.tStartMs)) return undefined;
    const words = cleanCaptionText(
      event.segs.map((seg) => (typeof seg.utf8 === "string" ? seg.utf8 : "")).join(""),
    );
    if (words !== "") segments.push({ startSeconds: event.tStartMs / 1000, text: words });
  }
  return segments.toSorted((a, b) => a.startSeconds - b.startSeconds);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
