import type { DigestInline, DigestParagraph, KeyPoint } from "./digest.ts";
import { readInline } from "./read-inline.ts";

/** A list item: "- ", "* ", "+ " or "1. ". */
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+/;
/** A key point's closing " ([1:48](https://…))": the moment it is said. */
const MOMENT = /\s*\(\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)\)\s*$/i;

/** A run that makes up the whole of a point or paragraph carries no emphasis: it is the text itself. */
function plain(runs: DigestInline[], kind: "strong" | "emphasis"): DigestInline[] | undefined {
  const [only] = runs;
  return runs.length === 1 && only?.kind === kind ? [{ kind: "text", text: only.text }] : undefined;
}

function keyPoint(source: string): KeyPoint {
  const moment = MOMENT.exec(source);
  const runs = readInline(moment ? source.slice(0, moment.index) : source);
  return {
    // A point written wholly in bold reads at normal weight; a key phrase inside it keeps its emphasis.
    text: plain(runs, "strong") ?? runs,
    moment: moment ? { label: moment[1] ?? "", url: moment[2] ?? "" } : null,
  };
}

function paragraph(source: string): DigestParagraph {
  const runs = readInline(source);
  const note = plain(runs, "emphasis");
  return note ? { note: true, text: note } : { note: false, text: runs };
}

/**
 * One video's summary, as the summariser writes it (a list of key points with their moments, then the
 * paragraph and any note), read into key points and paragraphs. Lines that continue a paragraph join it;
 * a blank line ends it.
 */
export function readVideoSummary(markdown: string): { keyPoints: KeyPoint[]; paragraphs: DigestParagraph[] } {
  const keyPoints: KeyPoint[] = [];
  const paragraphs: DigestParagraph[] = [];
  let lines: string[] = [];
  const endParagraph = () => {
    if (lines.length > 0) paragraphs.push(paragraph(lines.join(" ")));
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const item = LIST_ITEM.exec(line);
    if (item) {
      endParagraph();
      keyPoints.push(keyPoint(line.slice(item[0].length).trim()));
    } else if (line.trim() === "") endParagraph();
    else lines.push(line.trim());
  }
  endParagraph();
  return { keyPoints, paragraphs };
}
