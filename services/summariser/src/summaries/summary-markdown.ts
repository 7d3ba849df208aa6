import {
  languageName,
  type StoredGlanceLine,
  type SummaryOrigin,
  summarySourceNote,
} from "@tubedigest/contracts/digest";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { KeyPoint } from "../adapters/summary-writers/summary-writer.ts";
import type { TranscriptKind } from "../adapters/transcripts/transcript-source.ts";
import type { SummaryRow } from "../store/summary-repository.ts";

/** The origin readers are told of for each kind of transcript; the demo's read as captions, as they stand in for them. */
const ORIGINS: Record<TranscriptKind, SummaryOrigin> = {
  manual: "manual-captions",
  demo: "manual-captions",
  automatic: "automatic-captions",
  "transcript-api": "transcript-api",
  "speech-to-text": "speech-to-text",
  // Gemini writes down the speech it hears in the video: speech-to-text, as readers understand it.
  gemini: "speech-to-text",
};

/**
 * Text from a video or a model as literal markdown: line breaks become spaces and the characters that
 * make emphasis, links, code or tags anywhere are escaped, as is what would start a heading, list or
 * quote, so a title cannot add a link, a heading or a tag. Ordinary punctuation stays readable.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, " ")
    .trim()
    .replace(/[\\`*_[\]<>|~]/g, (character) => `\\${character}`)
    .replace(/^[#+\-=]/, (start) => `\\${start}`)
    .replace(/^(\d+)([.)])/, "$1\\$2");
}

/** "1:05" or "1:02:03": how video players write a time. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** " ([1:48](https://…&t=108s))": the moment, linking to it. */
const momentLink = (videoId: string, seconds: number) =>
  ` ([${clockTime(seconds)}](${watchUrl(videoId, seconds)}))`;

const pointLines = (videoId: string, points: readonly KeyPoint[]) =>
  points
    .map((point) => {
      const at = point.startSeconds === null ? "" : momentLink(videoId, point.startSeconds);
      return `- **${markdownText(point.text)}**${at}`;
    })
    .join("\n");

/**
 * One video's summary as markdown: each key point in bold (what the abandonment e-mail quotes) with a
 * link to the moment it is said, then the paragraph, then a long video's chapters (`####` with the moment
 * each starts, and its points), then a note saying where its words came from and in which language
 * (and into which it was translated). Summaries made before that was recorded have no note unless they
 * came from the description.
 */
export function summaryMarkdown(videoId: string, summary: SummaryRow): string {
  const sections = (summary.sections ?? []).map((section) =>
    [
      `#### ${markdownText(section.title)}${momentLink(videoId, section.startSeconds)}`,
      pointLines(videoId, section.keyPoints),
    ]
      .filter((part) => part !== "")
      .join("\n"),
  );
  const parts = [
    pointLines(videoId, summary.key_points ?? []),
    markdownText(summary.paragraph ?? ""),
    ...sections,
  ];
  const source = sourceNote(summary);
  if (source) parts.push(`_${markdownText(source)}_`);
  return parts.filter((part) => part !== "").join("\n\n");
}

/** What the note under a summary says of its source; null when that was not recorded. */
function sourceNote(summary: SummaryRow): string | null {
  const named = (code: string | null) => (code === null ? null : languageName(code));
  if (summary.basis === "description") {
    return summarySourceNote({ origin: "description", language: null, translatedInto: null });
  }
  if (!summary.transcript_kind) return null;
  return summarySourceNote({
    origin: ORIGINS[summary.transcript_kind],
    language: named(summary.transcript_language),
    translatedInto: summary.translated_from === null ? null : named(summary.language),
  });
}

/** A video's heading: its title linking to it. */
export function videoHeading(videoId: string, title: string): string {
  return `### [${markdownText(title)}](${watchUrl(videoId)})`;
}

/** A channel's heading in a newsletter or its preview. */
export function channelHeading(title: string): string {
  return `## ${markdownText(title)}`;
}

/**
 * One line of the week at a glance: its text, then the videos it cites as links
 * (`text ([Title](link); [Title](link))`), which the shared digest reader takes apart again.
 */
function glanceLineMarkdown(text: string, sources: readonly { title: string; url: string }[]): string {
  const cited = sources.map((source) => `[${markdownText(source.title)}](${source.url})`).join("; ");
  return `- ${markdownText(text)} (${cited})`;
}

/** The week at a glance as the list under the week's heading, each line citing `videos` by title. */
export function glanceMarkdown(
  lines: readonly StoredGlanceLine[],
  videos: readonly { title: string; url: string }[],
): string {
  const titles = new Map(videos.map((video) => [video.url, video.title]));
  return lines
    .map((line) =>
      glanceLineMarkdown(
        line.text,
        line.videoUrls.map((url) => ({ title: titles.get(url) ?? url, url })),
      ),
    )
    .join("\n");
}
