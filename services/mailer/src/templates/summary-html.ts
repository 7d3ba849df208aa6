import {
  type DigestInline,
  type DigestParagraph,
  type DigestSection,
  type KeyPoint,
  type SummarySource,
  summarySourceLabel,
} from "@tubedigest/contracts/digest";
import { escapeHtml } from "./escape-html.ts";
import { linkHtml } from "./html-fragments.ts";
import { INLINE } from "./mail-look.ts";

/** A run of a summary as e-mail HTML: text escaped, links only http(s) (the reader keeps no other). */
export function inlineHtml(runs: readonly DigestInline[]): string {
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

const pointsHtml = (points: KeyPoint[]) =>
  points.length > 0 ? `<ul style="${INLINE.ul}">${points.map(keyPointHtml).join("")}</ul>` : "";

/** A chapter of a long video: its title with the moment it starts, then its points. */
function sectionHtml(section: DigestSection): string {
  const moment = section.moment ? ` (${linkHtml(section.moment.label, section.moment.url)})` : "";
  return `<h4 style="${INLINE.h4}">${escapeHtml(section.title)}${moment}</h4>${pointsHtml(section.keyPoints)}`;
}

/**
 * A video's summary (read by @tubedigest/contracts/digest) as e-mail HTML, every tag styled inline: its key
 * points at normal weight, each with a link to the moment it is said, then its paragraph and any note in
 * the muted colour, a long video's chapters each with its points, and in a few muted words where the
 * summary's words came from. The web app's digest view draws the same.
 */
export function summaryHtml(summary: {
  keyPoints: KeyPoint[];
  paragraphs: DigestParagraph[];
  sections?: DigestSection[] | undefined;
  source?: SummarySource | undefined;
}): string {
  const paragraphs = summary.paragraphs.map(
    (paragraph) => `<p style="${paragraph.note ? INLINE.note : INLINE.p}">${inlineHtml(paragraph.text)}</p>`,
  );
  const sections = (summary.sections ?? []).map(sectionHtml).join("");
  const source = summary.source
    ? `<p style="${INLINE.muted}">Source: ${escapeHtml(summarySourceLabel(summary.source))}</p>`
    : "";
  return pointsHtml(summary.keyPoints) + paragraphs.join("") + sections + source;
}
