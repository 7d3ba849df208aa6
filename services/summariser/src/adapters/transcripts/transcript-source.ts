/** One caption line: where it starts in the video and what is said. */
export interface TranscriptSegment {
  startSeconds: number;
  text: string;
}

/**
 * Where a transcript's words came from: captions written by people, YouTube's speech recognition, the demo
 * catalog's, a hosted transcript API, our own speech-to-text of the audio, or Gemini hearing the video.
 */
export type TranscriptKind = "manual" | "automatic" | "demo" | "transcript-api" | "speech-to-text" | "gemini";

/** A video's words, as a source gives them. */
export interface Transcript {
  /** BCP 47 code of the words' language ("en", "pt-BR"). */
  language: string;
  kind: TranscriptKind;
  /** In order of time; empty segments are left out. */
  segments: TranscriptSegment[];
  /** The chain's step that served it ("youtube-innertube", "gemini", …), as the chain records it. */
  servedBy?: string | undefined;
  /** What a paid source spent to get it, in US dollars. */
  costUsd?: number | undefined;
}

/** What a transcript is asked for: the video, and the language it is in when known. */
export interface TranscriptRequest {
  videoId: string;
  /** The video's own language when known; the source prefers captions in it. */
  language?: string | undefined;
  /** The video's length when known: speech-to-text declines videos longer than it may transcribe. */
  durationSeconds?: number | null | undefined;
  /**
   * Ask again even when the video was found to have none: a summary made from the description looks
   * again later, as captions appear hours after an upload and a source may have been added since.
   */
  refresh?: boolean | undefined;
}

/**
 * Where transcripts come from: YouTube's public captions (directly or through a proxy), a hosted
 * transcript API, speech-to-text of the audio, the demo catalog's, or a chain of these tried in order.
 * Answers null when the video has none (captions off, none in any language); throws
 * `TranscriptUnavailableError` when the source could not be asked just now, so the caller can tell
 * "there is none" from "try again later".
 */
export interface TranscriptSource {
  readonly name: string;
  fetch(request: TranscriptRequest): Promise<Transcript | null>;
}

/** The source failed for a reason that may pass (network, 429, 5xx) after its own retries. */
export class TranscriptUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TranscriptUnavailableError";
  }
}
