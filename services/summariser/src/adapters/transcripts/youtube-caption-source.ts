import { setTimeout as sleep } from "node:timers/promises";
import { fetchTranscript } from "youtube-transcript-plus";
import { cleanCaptionText } from "./caption-text.ts";
import {
  type CaptionTrack,
  chooseCaptionTrack,
  isCaptionTrack,
  normaliseLanguageCode,
} from "./caption-tracks.ts";
import { directRequester, type HttpRequester } from "./http/http-requester.ts";
import {
  type Transcript,
  type TranscriptRequest,
  type TranscriptSource,
  TranscriptUnavailableError,
} from "./transcript-source.ts";

export interface YoutubeCaptionSettings {
  /** Where the watch page, player and caption tracks are asked for (its origin only); YouTube when absent. */
  baseUrl?: string | undefined;
  /** Tries in all when a try fails for a reason that may pass (429, 5xx, network, timeout); 4 when absent. */
  attempts?: number | undefined;
  /** The wait after the first failed try, doubled after each further one; 1 s when absent. */
  retryBaseDelayMs?: number | undefined;
  /** A request not answered, body included, within this counts as failed; 10 s when absent. */
  requestTimeoutMs?: number | undefined;
  /** How requests leave this machine: directly when absent, or through a proxy (proxiedRequester). */
  requester?: HttpRequester | undefined;
  /** The source's name in logs, metrics and the transcript cache; "youtube-captions" when absent. */
  name?: string | undefined;
}

/** A try failed for a reason that may pass: worth another after a wait. */
class TransientCaptionFailure extends Error {}

/** YouTube answered with something that cannot be read: tried once more in case it was a fluke. */
class UnusableCaptionAnswer extends Error {}

/**
 * YouTube refuses this client outright, as it does most cloud providers' addresses ("Sign in to confirm
 * you're not a bot"): asking again from here will not help, so the next source is tried at once.
 */
class CaptionsRefused extends Error {}

/**
 * The library's ways of saying the video has no captions to give (captions off, no track, removed or
 * private, no such id): answers, not failures. Its other "none" errors follow HTTP errors this source
 * throws itself, or a language it is never given. Told by name: the package's type declarations import
 * their siblings without extensions, which NodeNext cannot follow, so its error classes have no types.
 */
const NO_CAPTIONS = new Set([
  "YoutubeTranscriptDisabledError",
  "YoutubeTranscriptNotAvailableError",
  "YoutubeTranscriptInvalidVideoIdError",
]);

/** The parts of the library's fetch hook parameters and segments used here, typed for the same reason. */
interface LibraryRequest {
  url: string;
  method?: "GET" | "POST";
  userAgent?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface LibrarySegment {
  text: string;
  offset: number;
}

interface PlayerAnswer {
  playabilityStatus?: { status?: unknown; reason?: unknown };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: unknown } };
}

/**
 * Captions from YouTube's watch page and Innertube player through youtube-transcript-plus. The library
 * picks a track by language code only, so the track is chosen here, from the player's answer, and the
 * answer is handed on naming that track alone; the library then fetches and parses it.
 */
export function createYoutubeCaptionSource(settings: YoutubeCaptionSettings = {}): TranscriptSource {
  const origin = new URL(settings.baseUrl ?? "https://www.youtube.com").origin;
  const attempts = settings.attempts ?? 4;
  const retryBaseDelayMs = settings.retryBaseDelayMs ?? 1_000;
  const requestTimeoutMs = settings.requestTimeoutMs ?? 10_000;
  const requester = settings.requester ?? directRequester;
  const name = settings.name ?? "youtube-captions";

  async function answerText(params: LibraryRequest): Promise<string> {
    const url = new URL(params.url);
    const path = url.pathname;
    let status: number;
    let text: string;
    try {
      ({ status, text } = await requester(new URL(`${path}${url.search}`, origin).href, {
        method: params.method ?? "GET",
        headers: { ...(params.userAgent ? { "User-Agent": params.userAgent } : {}), ...params.headers },
        body: params.body,
        timeoutMs: requestTimeoutMs,
      }));
    } catch (error) {
      throw new TransientCaptionFailure(`${path} did not answer: ${messageOf(error)}`, { cause: error });
    }
    if (status === 429 || status >= 500) throw new TransientCaptionFailure(`${path} answered HTTP ${status}`);
    if (status >= 300) throw new UnusableCaptionAnswer(`${path} answered HTTP ${status}`);
    return text;
  }

  async function fetchOnce(request: TranscriptRequest): Promise<Transcript | null> {
    let chosen: CaptionTrack | undefined;
    const segments: LibrarySegment[] = await fetchTranscript(request.videoId, {
      videoFetch: async (params: LibraryRequest) => new Response(readWatchPage(await answerText(params))),
      playerFetch: async (params: LibraryRequest) => {
        const answer = readPlayerAnswer(await answerText(params));
        if (answer.playabilityStatus?.status === "LOGIN_REQUIRED") {
          throw new CaptionsRefused(`YouTube refused the player: ${String(answer.playabilityStatus.reason)}`);
        }
        const tracklist = answer.captions?.playerCaptionsTracklistRenderer;
        const tracks = tracklist?.captionTracks;
        // Without tracks the library tells "captions off" from "video unavailable" on its own.
        if (tracklist === undefined || !Array.isArray(tracks) || tracks.length === 0) {
          return new Response(JSON.stringify(answer));
        }
        chosen = chooseCaptionTrack(tracks.filter(isCaptionTrack), request.language);
        if (chosen === undefined)
          throw new UnusableCaptionAnswer("the player's caption tracks have no language");
        tracklist.captionTracks = [chosen];
        return new Response(JSON.stringify(answer));
      },
      transcriptFetch: async (params: LibraryRequest) =>
        new Response(readTimedText(await answerText(params))),
    });
    if (chosen === undefined)
      throw new UnusableCaptionAnswer("captions came without the player naming a track");
    const lines = segments.map((segment) => {
      if (!Number.isFinite(segment.offset))
        throw new UnusableCaptionAnswer("a caption line has no start time");
      return { startSeconds: segment.offset, text: cleanCaptionText(segment.text) };
    });
    const kept = lines.filter((line) => line.text !== "");
    if (kept.length === 0) return null;
    const kind = chosen.kind === "asr" ? "automatic" : "manual";
    return { language: normaliseLanguageCode(chosen.languageCode), kind, segments: kept };
  }

  return {
    name,
    async fetch(request) {
      let unusableBefore = false;
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await fetchOnce(request);
        } catch (error) {
          if (error instanceof Error && NO_CAPTIONS.has(error.name)) return null;
          if (error instanceof CaptionsRefused) {
            throw new TranscriptUnavailableError(`${request.videoId}: ${error.message}`, { cause: error });
          }
          const unusable = error instanceof UnusableCaptionAnswer;
          if (!unusable && !(error instanceof TransientCaptionFailure)) throw error;
          if (attempt >= attempts || (unusable && unusableBefore)) {
            const why = messageOf(error);
            const message = `YouTube captions of ${request.videoId} not had after ${attempt} tries: ${why}`;
            throw new TranscriptUnavailableError(message, { cause: error });
          }
          unusableBefore ||= unusable;
          await sleep(retryBaseDelayMs * 2 ** (attempt - 1));
        }
      }
    },
  };
}

/** A page without the Innertube key is not one the library can go on from, whatever the video. */
function readWatchPage(text: string): string {
  // YouTube sometimes answers a client it finds too busy with a captcha page and a 200.
  if (text.includes('class="g-recaptcha"')) throw new TransientCaptionFailure("the watch page is a captcha");
  if (!text.includes("INNERTUBE_API_KEY"))
    throw new UnusableCaptionAnswer("the watch page has no Innertube key");
  return text;
}

function readPlayerAnswer(text: string): PlayerAnswer {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (error) {
    throw new UnusableCaptionAnswer("the player's answer is not JSON", { cause: error });
  }
  if (typeof answer !== "object" || answer === null) {
    throw new UnusableCaptionAnswer("the player's answer is not an object");
  }
  return answer as PlayerAnswer;
}

/** An empty track is still a whole document; one cut short is not. */
function readTimedText(text: string): string {
  if (!text.includes("</transcript>")) throw new UnusableCaptionAnswer("the caption track is cut short");
  return text;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
