import type { DigestInline, DigestParagraph, KeyPoint } from "@tubedigest/contracts/digest";

/** A run of a summary as text: emphasis dropped, a link written as "label (address)". */
function inlineText(runs: readonly DigestInline[]): string {
  return runs
    .map((run) => (run.kind === "link" && run.url !== run.text ? `${run.text} (${run.url})` : run.text))
    .join("");
}

/**
 * A video's summary as plain text for people, saying what the HTML says: "- " before each key point and
 * its moment with the address ("(1:48, https://…)"), then the paragraph and any note, a blank line apart.
 */
export function summaryText(summary: { keyPoints: KeyPoint[]; paragraphs: DigestParagraph[] }): string {
  const points = summary.keyPoints.map((point) => {
    const moment = point.moment ? ` (${point.moment.label}, ${point.moment.url})` : "";
    return `- ${inlineText(point.text)}${moment}`;
  });
  const blocks = [points.join("\n"), ...summary.paragraphs.map((paragraph) => inlineText(paragraph.text))];
  return blocks.filter((block) => block !== "").join("\n\n");
}
