import type { StoredGlanceLine } from "@tubedigest/contracts/digest";
import { watchUrl } from "@tubedigest/contracts/youtube-video-url";
import type { SummaryRow } from "../store/summary-repository.ts";

/** Said under a summary made without captions, so a reader knows what it rests on. */
export const DESCRIPTION_BASIS_NOTE =
  "_Summarised from the video's title and description: it has no captions._";

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

/**
 * One video's summary as markdown: each key point in bold (what the abandonment e-mail quotes) with a
 * link to the moment it is said, then the paragraph, then a note when there were no captions.
 */
export function summaryMarkdown(videoId: string, summary: SummaryRow): string {
  const points = (summary.key_points ?? []).map((point) => {
    const at =
      point.startSeconds === null
        ? ""
        : ` ([${clockTime(point.startSeconds)}](${watchUrl(videoId, point.startSeconds)}))`;
    return `- **${markdownText(point.text)}**${at}`;
  });
  const parts = [points.join("\n"), markdownText(summary.paragraph ?? "")];
  if (summary.basis === "description") parts.push(DESCRIPTION_BASIS_NOTE);
  return parts.filter((part) => part !== "").join("\n\n");
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
