import { spokenLanguage } from "./audio/spoken-language.ts";
import type { Transcript, TranscriptSegment } from "./transcript-source.ts";

/**
 * The shape Gemini is told to answer in. Times are asked for as "m:ss", the form its video
 * understanding reads and writes timestamps in; seconds as a number are read as well.
 */
export const GEMINI_TRANSCRIPT_SCHEMA = {
  type: "object",
  properties: {
    spoken: { type: "boolean", description: "false when nobody speaks in the video" },
    language: { type: "string", description: "BCP 47 code of the spoken language, such as en or pt-BR" },
    segments: {
      type: "array",
      items: {
        type: "object",
        properties: {
          start: {
            type: "string",
            description: "when the words begin: m:ss, or h:mm:ss past the first hour",
          },
          text: { type: "string", description: "the words said, as said" },
        },
        required: ["start", "text"],
      },
    },
  },
  required: ["spoken", "segments"],
} as const;

/** The words the model is asked with, besides the video itself. */
export function geminiTranscriptPrompt(language: string | undefined): string {
  const named = language ? languageName(language) : undefined;
  return [
    "Transcribe the speech in this video word for word, in the language it is spoken in: do not translate, summarise or correct it.",
    ...(language ? [`The video is probably in ${named ? `${named} (${language})` : language}.`] : []),
    "Give the BCP 47 code of the spoken language, and the speech as segments of a sentence or short phrase, in order of time, each with when it begins (m:ss, or h:mm:ss past the first hour) and its words.",
    "Leave out music, sound effects and on-screen text nobody says.",
    "If nobody speaks in the video, answer spoken: false and no segments.",
  ].join("\n");
}

/**
 * The model's answer as a transcript, or null when it heard no speech. Anything else is refused rather
 * than repaired: a model that wrote times backwards, past the video's end or without words has not
 * heard the video, and a summary built on it would cite moments that do not exist.
 */
export function readGeminiTranscript(
  text: string | undefined,
  durationSeconds: number | null | undefined,
): Transcript | null {
  const answer = parsed(text);
  const segments = answer.segments;
  if (!Array.isArray(segments)) unusable("it has no segments");
  if (answer.spoken === false || segments.length === 0) {
    if (segments.length > 0) unusable("it says nobody speaks, yet gives segments");
    return null;
  }
  const language = spokenLanguage(answer.language);
  if (!language) unusable(`its language ${JSON.stringify(answer.language)} is not a BCP 47 code`);
  const timed: TranscriptSegment[] = [];
  for (const [index, segment] of (segments as unknown[]).entries()) {
    const { start, text: words } = (segment ?? {}) as { start?: unknown; text?: unknown };
    const startSeconds = secondsOf(start);
    if (startSeconds === undefined)
      unusable(`segment ${index + 1}'s start ${JSON.stringify(start)} is no time`);
    if (typeof words !== "string" || words.trim() === "") unusable(`segment ${index + 1} has no words`);
    const previous = timed.at(-1);
    // Whole seconds: two short phrases may begin in the same one.
    if (previous && startSeconds < previous.startSeconds) unusable(`segment ${index + 1} goes back in time`);
    if (durationSeconds && startSeconds > durationSeconds) {
      unusable(`segment ${index + 1} starts after the video's ${durationSeconds} seconds`);
    }
    timed.push({ startSeconds, text: words.replace(/\s+/g, " ").trim() });
  }
  return { language, kind: "gemini", segments: timed };
}

function parsed(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === "") unusable("it is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    unusable("it is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    unusable("it is not a JSON object");
  return value as Record<string, unknown>;
}

/** "m:ss", "h:mm:ss" (a fraction allowed) or a number of seconds. */
function secondsOf(start: unknown): number | undefined {
  if (typeof start === "number") return Number.isFinite(start) && start >= 0 ? start : undefined;
  if (typeof start !== "string") return undefined;
  const clock = /^(?:(\d+):)?(\d+):([0-5]\d(?:\.\d+)?)$/.exec(start.trim());
  if (!clock) return undefined;
  const [hours, minutes, seconds] = [Number(clock[1] ?? 0), Number(clock[2]), Number(clock[3])];
  if (clock[1] !== undefined && minutes > 59) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}

function languageName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(code);
  } catch {
    return undefined;
  }
}

function unusable(why: string): never {
  throw new Error(`Gemini's answer was not a usable transcript: ${why}`);
}
