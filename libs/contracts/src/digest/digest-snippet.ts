import type { Digest } from "./digest.ts";
import { inlineText } from "./read-inline.ts";

/** How much of a newsletter's text its entry in the history shows. */
export const SNIPPET_LENGTH = 200;

/**
 * The start of a newsletter as plain text, for its entry in the history: channel, video title and what the
 * summary says, in reading order, with no markdown left in it; cut between words within `length` characters, with "…".
 */
export function digestSnippet(digest: Digest, length: number = SNIPPET_LENGTH): string {
  const parts = digest.channels.flatMap((channel) => [
    `${channel.title}:`,
    ...channel.notes.map((note) => inlineText(note.text)),
    ...channel.videos.flatMap((video) => [
      `${video.title} —`,
      ...video.keyPoints.map((point) => inlineText(point.text)),
      ...video.paragraphs.map((paragraph) => inlineText(paragraph.text)),
    ]),
  ]);
  const text = parts.join(" ").replace(/\s+/g, " ").trim();
  if (text.length <= length) return text;
  // Cut between words, unless a single word is that long.
  const head = text.slice(0, length + 1);
  const cut = /\s/.test(head.slice(1)) ? head.replace(/\s+\S*$/, "") : text.slice(0, length);
  return `${cut.trimEnd()}…`;
}
