import type { WeekGlanceLine } from "./digest.ts";
import { inlineText, readInline } from "./read-inline.ts";

const CITATION = String.raw`\[((?:\\.|[^\\\]])*)\]\((https?:\/\/[^\s)]+)\)`;
/** A line's closing " ([Title](https://…); [Title](https://…))": the videos it rests on. */
const SOURCES = new RegExp(String.raw`\s*\(((?:${CITATION}(?:;\s*)?)+)\)\s*$`, "i");

/**
 * One line of the week at a glance as the summariser writes it (`text ([Title](link); [Title](link))`),
 * or undefined when it cites no video: a line resting on nothing is not shown.
 */
export function readGlanceLine(source: string): WeekGlanceLine | undefined {
  const cited = SOURCES.exec(source);
  if (!cited) return undefined;
  const sources = [...(cited[1] ?? "").matchAll(new RegExp(CITATION, "gi"))].map((match) => ({
    title: inlineText(readInline(match[1] ?? "")).trim(),
    url: match[2] ?? "",
  }));
  const text = readInline(source.slice(0, cited.index).trim());
  return text.length > 0 && sources.length > 0 ? { text, sources } : undefined;
}
