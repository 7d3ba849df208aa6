import {
  type DigestInline,
  type DigestParagraph,
  type DigestSection,
  type KeyPoint,
  type SummarySource,
  summarySourceLabel,
} from "@tubedigest/contracts/digest";
import { shortVideoUrl } from "./short-video-url.ts";

/** A run of a summary as text: emphasis dropped, a link written as "label (address)". */
function inlineText(runs: readonly DigestInline[]): string {
  return runs
    .map((run) =>
      run.kind === "link" && run.url !== run.text ? `${run.text} (${shortVideoUrl(run.url)})` : run.text,
    )
    .join("");
}

const pointLines = (points: KeyPoint[]) =>
  points
    .map((point) => {
      const moment = point.moment ? ` (${point.moment.label}, ${shortVideoUrl(point.moment.url)})` : "";
      return `- ${inlineText(point.text)}${moment}`;
    })
    .join("\n");

/**
 * A video's summary as plain text for people, saying what the HTML says: "- " before each key point and
 * its moment with the address ("(1:48, https://…)"), then the paragraph and any note, each chapter of a
 * long video with its points, and where the words came from, a blank line apart.
 */
export function summaryText(summary: {
  keyPoints: KeyPoint[];
  paragraphs: DigestParagraph[];
  sections?: DigestSection[] | undefined;
  source?: SummarySource | undefined;
}): string {
  const sections = (summary.sections ?? []).map((section) => {
    const moment = section.moment ? ` (${section.moment.label}, ${shortVideoUrl(section.moment.url)})` : "";
    return [`${section.title}${moment}`, pointLines(section.keyPoints)]
      .filter((line) => line !== "")
      .join("\n");
  });
  const blocks = [
    pointLines(summary.keyPoints),
    ...summary.paragraphs.map((paragraph) => inlineText(paragraph.text)),
    ...sections,
    summary.source ? `Source: ${summarySourceLabel(summary.source)}` : "",
  ];
  return blocks.filter((block) => block !== "").join("\n\n");
}
