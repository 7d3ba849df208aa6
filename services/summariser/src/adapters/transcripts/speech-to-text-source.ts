import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI, { BadRequestError } from "openai";
import pLimit from "p-limit";
import { AudioUnavailableError, downloadAudio, NoAudioError } from "./audio/download-audio.ts";
import { type AudioPiece, splitAudio } from "./audio/split-audio.ts";
import { spokenLanguage } from "./audio/spoken-language.ts";
import {
  type Transcript,
  type TranscriptSegment,
  type TranscriptSource,
  TranscriptUnavailableError,
} from "./transcript-source.ts";

export interface SpeechToTextSettings {
  /** Any server with OpenAI's audio transcription API: OpenAI's Whisper, Groq, a faster-whisper server. */
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  ytDlpPath: string;
  /** The proof-of-origin token server yt-dlp's bgutil plugin asks; no token is asked for when absent. */
  potProviderUrl?: string | undefined;
  ffmpegPath: string;
  /** yt-dlp's proxy, the captions' own, since YouTube refuses the same addresses to both. */
  proxyUrl?: string | undefined;
  /** The longest piece sent at once (OpenAI takes files up to 25 MB; a piece of small audio stays well under it). */
  pieceSeconds: number;
  /** Videos longer than this are not transcribed: the cost grows with every minute. */
  maxSeconds: number;
  /** Pieces transcribed at once. */
  concurrency?: number | undefined;
  downloadTimeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  timeoutMs?: number | undefined;
}

interface TimedSegment {
  start?: unknown;
  text?: unknown;
}

/**
 * Speech-to-text of the video's audio: fetched with yt-dlp, cut into pieces with ffmpeg, each piece
 * transcribed through the `openai` SDK's audio transcriptions (segment timestamps), and the pieces'
 * segments stitched back at each piece's real start. The last resort of the chain: it works for any
 * video with speech, and costs per minute of audio.
 */
export function createSpeechToTextSource(settings: SpeechToTextSettings): TranscriptSource {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl ?? null,
    organization: null,
    project: null,
    maxRetries: settings.maxRetries ?? 3,
    timeout: settings.timeoutMs ?? 5 * 60_000,
  });
  const limit = pLimit(settings.concurrency ?? 2);

  async function transcribe(piece: AudioPiece, language: string | undefined) {
    const answer = await client.audio.transcriptions.create({
      file: createReadStream(piece.path),
      model: settings.model,
      response_format: "verbose_json",
      timestamp_granularities: ["segment"],
      ...(language ? { language: language.split("-")[0] } : {}),
    });
    const segments = (answer as { segments?: unknown }).segments;
    if (!Array.isArray(segments)) throw new Error("the transcription came without timed segments");
    const timed = (segments as TimedSegment[]).map((segment): TranscriptSegment => {
      if (typeof segment.start !== "number" || !(segment.start >= 0) || typeof segment.text !== "string") {
        throw new Error("a transcribed segment has no start time or text");
      }
      return { startSeconds: piece.startSeconds + segment.start, text: segment.text.trim() };
    });
    return { segments: timed, language: spokenLanguage((answer as { language?: unknown }).language) };
  }

  async function transcript(videoId: string, language: string | undefined, directory: string) {
    const audio = await downloadAudio(
      {
        ytDlpPath: settings.ytDlpPath,
        proxyUrl: settings.proxyUrl,
        potProviderUrl: settings.potProviderUrl,
        timeoutMs: settings.downloadTimeoutMs ?? 15 * 60_000,
      },
      videoId,
      directory,
    );
    const pieces = await splitAudio(
      { ffmpegPath: settings.ffmpegPath, pieceSeconds: settings.pieceSeconds, timeoutMs: 10 * 60_000 },
      audio,
      directory,
    );
    const parts = await Promise.all(pieces.map((piece) => limit(() => transcribe(piece, language))));
    const segments = parts.flatMap((part) => part.segments).filter((segment) => segment.text !== "");
    const heard = language ?? parts.find((part) => part.language)?.language;
    if (segments.length === 0) return null;
    if (!heard) throw new Error("the transcription did not say which language it heard");
    const result: Transcript = { language: heard, kind: "speech-to-text", segments };
    return result;
  }

  return {
    name: "speech-to-text",
    async fetch(request) {
      if (request.durationSeconds && request.durationSeconds > settings.maxSeconds) return null;
      const directory = await mkdtemp(join(tmpdir(), "td-audio-"));
      try {
        return await transcript(request.videoId, request.language, directory);
      } catch (error) {
        if (error instanceof NoAudioError) return null;
        const message = error instanceof Error ? error.message : String(error);
        const problem =
          error instanceof AudioUnavailableError || error instanceof BadRequestError
            ? message
            : `speech-to-text failed: ${message}`;
        throw new TranscriptUnavailableError(`${request.videoId}: ${problem}`, { cause: error });
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
}
