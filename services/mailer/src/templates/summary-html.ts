import type { DigestInline, DigestParagraph, KeyPoint } from "@tubedigest/contracts/digest";
import { escapeHtml } from "./escape-html.ts";
import { linkHtml } from "./html-fragments.ts";
import { INLINE } from "./mail-look.ts";

/** A run of a summary as e-mail HTML: text escaped, links only http(s) (the reader keeps no other). */
function inlineHtml(runs: readonly DigestInline[]): string {
  return runs
    .map((run) => {
      if (run.kind === "strong") return `<strong style="${INLINE.strong}">${escapeHtml(run.text)}</strong>`;
      if (run.kind === "emphasis") return `<em style="${INLINE.em}">${escapeHtml(run.text)}</em>`;
      if (run.kind === "link") return linkHtml(run.text, run.url);
      return escapeHtml(run.text);
    })
    .join("");
}

function keyPointHtml(point: KeyPoint): string {
  const moment = point.moment ? ` (${linkHtml(point.moment.label, point.moment.url)})` : "";
  return `<li style="${INLINE.li}">${inlineHtml(point.text)}${moment}</li>`;
}

/**
 * A video's summary (read by @tubedigest/contracts/digest) as e-mail HTML, every tag styled inline: its key
 * points at normal weight, each with a link to the moment it is said, then its paragraph and any note in
 * the muted colour. The web app's digest view draws the same.
 */
export function summaryHtml(summary: { keyPoints: KeyPoint[]; paragraphs: DigestParagraph[] }): string {
  const points =
    summary.keyPoints.length > 0
      ? `<ul style="${INLINE.ul}">${summary.keyPoints.map(keyPointHtml).join("")}</ul>`
      : "";
  const paragraphs = summary.paragraphs.map(
    (paragraph) => `<p style="${paragraph.note ? INLINE.note : INLINE.p}">${inlineHtml(paragraph.text)}</p>`,
  );
  return points + paragraphs.join("");
}
