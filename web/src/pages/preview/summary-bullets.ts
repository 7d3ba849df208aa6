/** The abandonment e-mail quotes at most 3 points of the preview (docs/product.md#limits-and-timings). */
const MAX_BULLETS = 3;
/**
 * Sentences shorter than this say too little to stand alone in an e-mail
 * (docs/product.md#limits-and-timings).
 */
const MIN_SENTENCE_LENGTH = 30;

/** Markdown's backslash escapes undone, so a quoted point reads as the summary wrote it. */
const unescapeMarkdown = (text: string) => text.replace(/\\(.)/g, "$1");

/**
 * Up to 3 points of the preview's markdown for the abandonment e-mail: its bold key points first, else its
 * sentences over 30 characters from the plain text (headings, links and emphasis stripped).
 */
export function summaryBullets(markdown: string): string[] {
  const bold = [...markdown.matchAll(/\*\*((?:\\.|[^*\\])+)\*\*/g)].map((match) =>
    unescapeMarkdown(match[1] ?? "").trim(),
  );
  if (bold.length > 0) return bold.filter(Boolean).slice(0, MAX_BULLETS);
  const plain = markdown
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .join(" ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "");
  return (plain.match(/[^.!?]+[.!?]+/g) ?? [])
    .map((sentence) => unescapeMarkdown(sentence).trim())
    .filter((sentence) => sentence.length > MIN_SENTENCE_LENGTH)
    .slice(0, MAX_BULLETS);
}
