import MarkdownIt, { type Token } from "markdown-it";

/**
 * How e-mails read a summary's markdown, for the HTML and the text part alike, so both show the
 * same links. Raw HTML is never passed through (`html: false` prints it as text); links must be
 * absolute http(s), anything else (`javascript:`, `data:`, relative paths) stays literal text; images
 * are not loaded, since a summary has none and a remote image would tell its sender who read it.
 */
const summaryMarkdown = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
summaryMarkdown.validateLink = (url) => /^https?:\/\//i.test(url);
summaryMarkdown.disable("image");

/**
 * A summary parsed once, for both parts of an e-mail: parsing is most of the cost of rendering a
 * summary, and a digest renders dozens.
 */
export function parseSummary(markdown: string): Token[] {
  return summaryMarkdown.parse(markdown, {});
}

/** Parsed summary tokens as HTML, with markdown-it's escaping. */
export function renderSummaryTokens(tokens: Token[]): string {
  return summaryMarkdown.renderer.render(tokens, summaryMarkdown.options, {});
}
