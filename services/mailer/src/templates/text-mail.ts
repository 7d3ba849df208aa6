/** What a text part is made of: the same words as the HTML, laid out for a plain-text reader. */
export interface TextMail {
  /** Paragraphs (and lists), already written out, in order; empty ones are left out. */
  blocks: string[];
  reason: string;
  links: { label: string; url: string }[];
}

/**
 * A text part for people: paragraphs a blank line apart, links written out with what they are for,
 * and the same footer as the HTML (why this came, where to change it).
 */
export function textMail({ blocks, reason, links }: TextMail): string {
  const footer = [reason, ...links.map(({ label, url }) => `${label}: ${url}`)].join("\n");
  // "-- " on its own line is the signature separator; mail clients show what follows as a footer.
  return `${[...blocks.filter((block) => block.trim() !== ""), `-- \n${footer}`].join("\n\n")}\n`;
}
