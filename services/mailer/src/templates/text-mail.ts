/** What a text part is made of: the same words as the HTML, laid out for a plain-text reader. */
export interface TextMail {
  /** Paragraphs (and lists), already written out, in order; empty ones are left out. */
  blocks: string[];
  reason: string;
  links: { label: string; url: string }[];
}

/**
 * A text part for people: paragraphs a blank line apart, links written out with what they are for,
 * and the same footer as the HTML (why this came, where to change it); the footer's last line, who runs
 * tubedigest, is the compiled templates' to add (withSiteFooter).
 */
export function textMail({ blocks, reason, links }: TextMail): string {
  const footer = [reason, ...links.map(({ label, url }) => `${label}: ${url}`)].join("\n");
  // "-- " on its own line is the signature separator; mail clients show what follows as a footer.
  return `${[...blocks.filter((block) => block.trim() !== ""), `-- \n${footer}`].join("\n\n")}\n`;
}

/** A text part with the footer's last line added: it ends with textMail's footer, so the line joins it. */
export function withSiteFooter(text: string, siteFooterLine: string): string {
  return `${text}${siteFooterLine}\n`;
}
