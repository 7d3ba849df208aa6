import type { Token } from "markdown-it";
import { INLINE } from "./mail-look.ts";
import { renderSummaryTokens } from "./summary-markdown.ts";

// The tags a summary produces that need a look of their own. Deeper headings and numbered lists
// are rare in summaries and borrow the nearest style, so every tag comes out styled.
const STYLE_OF_TAG: Record<string, string> = {
  p: INLINE.p,
  ul: INLINE.ul,
  ol: INLINE.ul,
  li: INLINE.li,
  strong: INLINE.strong,
  em: INLINE.em,
  a: INLINE.a,
  h1: INLINE.h1,
  h2: INLINE.h2,
  h3: INLINE.h3,
  h4: INLINE.h3,
  h5: INLINE.h3,
  h6: INLINE.h3,
};

function addInlineStyles(tokens: Token[]): void {
  for (const token of tokens) {
    const style = token.nesting === 1 ? STYLE_OF_TAG[token.tag] : undefined;
    if (style) token.attrSet("style", style);
    if (token.children) addInlineStyles(token.children);
  }
}

/**
 * A parsed summary (`parseSummary`) as e-mail HTML: escaped, http(s) links only, every tag with its
 * style inline (an e-mail's stylesheet does not reach HTML inserted per recipient in most clients).
 * The styles are set on the tokens themselves, which the text part ignores.
 */
export function markdownHtml(tokens: Token[]): string {
  addInlineStyles(tokens);
  return renderSummaryTokens(tokens);
}
