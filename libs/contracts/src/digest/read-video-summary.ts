import type { DigestInline, DigestParagraph, DigestSection, KeyPoint } from "./digest.ts";
import { withBoldLead } from "./lead-phrase.ts";
import { inlineText, readInline } from "./read-inline.ts";
import { readSummarySource, type SummarySource } from "./summary-source.ts";

/** A list item: "- ", "* ", "+ " or "1. ". */
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+/;
/** A key point's closing " ([1:48](https://…))": the moment it is said. */
const MOMENT = /\s*\(\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)\)\s*$/i;
/** A chapter of a long video's summary: "#### Title ([12:30](https://…))". */
const SECTION = /^####\s+(.*)$/;

/** A run that makes up the whole of a point or paragraph carries no emphasis: it is the text itself. */
function plain(runs: DigestInline[], kind: "strong" | "emphasis"): DigestInline[] | undefined {
  const [only] = runs;
  return runs.length === 1 && only?.kind === kind ? [{ kind: "text", text: only.text }] : undefined;
}

/** The text before a closing moment, and the moment. */
function withMoment(source: string): { rest: string; moment: KeyPoint["moment"] } {
  const moment = MOMENT.exec(source);
  return {
    rest: moment ? source.slice(0, moment.index) : source,
    moment: moment ? { label: moment[1] ?? "", url: moment[2] ?? "" } : null,
  };
}

function keyPoint(source: string): KeyPoint {
  const { rest, moment } = withMoment(source);
  const runs = readInline(rest);
  // A point written wholly in bold reads at normal weight, but for its lead phrase; a key phrase inside
  // it keeps its emphasis.
  return { text: withBoldLead(plain(runs, "strong") ?? runs), moment };
}

function section(source: string): DigestSection {
  const { rest, moment } = withMoment(source);
  return { title: inlineText(readInline(rest)).trim(), moment, keyPoints: [] };
}

function paragraph(source: string): DigestParagraph {
  const runs = readInline(source);
  const note = plain(runs, "emphasis");
  return note ? { note: true, text: note } : { note: false, text: runs };
}

export interface VideoSummary {
  keyPoints: KeyPoint[];
  paragraphs: DigestParagraph[];
  sections?: DigestSection[];
  source?: SummarySource;
}

/**
 * One video's summary, as the summariser writes it (a list of key points with their moments, then the
 * paragraph, then for a long video its chapters as `####` headings each with its points, and the note
 * saying where its words came from), read into key points, paragraphs, sections and source. Lines that
 * continue a paragraph join it; a blank line ends it. A summary without chapters or source note reads as
 * before, without those fields.
 */
export function readVideoSummary(markdown: string): VideoSummary {
  const keyPoints: KeyPoint[] = [];
  const paragraphs: DigestParagraph[] = [];
  const sections: DigestSection[] = [];
  let source: SummarySource | null = null;
  let lines: string[] = [];
  const endParagraph = () => {
    if (lines.length === 0) return;
    const read = paragraph(lines.join(" "));
    lines = [];
    const said = read.note ? readSummarySource(inlineText(read.text)) : null;
    if (said) source = said;
    else paragraphs.push(read);
  };
  for (const line of markdown.split(/\r?\n/)) {
    const item = LIST_ITEM.exec(line);
    const heading = SECTION.exec(line);
    if (heading) {
      endParagraph();
      sections.push(section(heading[1] ?? ""));
    } else if (item) {
      endParagraph();
      (sections.at(-1)?.keyPoints ?? keyPoints).push(keyPoint(line.slice(item[0].length).trim()));
    } else if (line.trim() === "") endParagraph();
    else lines.push(line.trim());
  }
  endParagraph();
  return {
    keyPoints,
    paragraphs,
    ...(sections.length > 0 ? { sections } : {}),
    ...(source ? { source } : {}),
  };
}
