import type { TranscriptSegment } from "../../transcripts/transcript-source.ts";
import type { KeyPoint } from "../summary-writer.ts";

/** A line of transcript as the model reads it: whole seconds, so that the time it cites is the line's. */
export interface TimedLine {
  startSeconds: number;
  text: string;
}

/**
 * Captions come in pieces of a few seconds; a timestamp on each would cost a third of the prompt. Pieces
 * are joined into lines of up to this long, which still points a reader close enough into the video.
 */
const LINE_SECONDS = 30;
const LINE_CHARS = 400;
/** A cited time this far past a line's start is taken to mean that line. */
const CITE_TOLERANCE_SECONDS = 60;

/** The segments joined into lines (in order of time; empty text left out, very long text split). */
export function timedLinesOf(segments: readonly TranscriptSegment[]): TimedLine[] {
  const lines: TimedLine[] = [];
  for (const segment of segments) {
    const startSeconds = Math.max(0, Math.floor(segment.startSeconds));
    for (const piece of piecesOf(segment.text.replace(/\s+/g, " ").trim())) {
      const last = lines.at(-1);
      if (
        last &&
        startSeconds - last.startSeconds < LINE_SECONDS &&
        last.text.length + 1 + piece.length <= LINE_CHARS
      ) {
        last.text = `${last.text} ${piece}`;
      } else {
        lines.push({ startSeconds, text: piece });
      }
    }
  }
  return lines;
}

/** A text cut into pieces of at most LINE_CHARS, at spaces where there are any. */
function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > LINE_CHARS) {
    const space = rest.lastIndexOf(" ", LINE_CHARS);
    const cut = space > 0 ? space : LINE_CHARS;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trim();
  }
  if (rest !== "") pieces.push(rest);
  return pieces;
}

/** `mm:ss` under an hour, `h:mm:ss` from then on: how people write times in a video. */
export function formatTimestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = String(Math.floor((whole % 3600) / 60)).padStart(2, "0");
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${minutes}:${rest}` : `${minutes}:${rest}`;
}

/** One line as the prompt shows it; a note that has no time says so rather than pretending. */
export const renderLine = (line: KeyPoint): string =>
  `[${line.startSeconds === null ? "--:--" : formatTimestamp(line.startSeconds)}] ${line.text}`;

export const renderLines = (lines: readonly KeyPoint[]): string => lines.map(renderLine).join("\n");

/**
 * The time a model cited, held to the times it was shown: the latest shown time at or before it (models
 * round, and cite a moment inside a line), or null when nothing shown is near — an invented time.
 */
export function citedTime(seconds: number | null, shown: readonly number[]): number | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  let found: number | null = null;
  for (const time of shown) if (time <= seconds && (found === null || time > found)) found = time;
  return found !== null && seconds - found <= CITE_TOLERANCE_SECONDS ? found : null;
}
