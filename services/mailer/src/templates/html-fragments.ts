import { escapeHtml } from "./escape-html.ts";
import { INLINE } from "./mail-look.ts";

// Small pieces of HTML inserted per recipient, built from escaped text and carrying their styles
// inline: the compiled e-mail's stylesheet does not reach them in most mail clients.

/** A paragraph of plain text, in body style unless told otherwise. */
export function paragraphHtml(text: string, style: string = INLINE.p): string {
  return `<p style="${style}">${escapeHtml(text)}</p>`;
}

/** A bulleted list of plain-text items. */
export function bulletListHtml(items: string[]): string {
  const lines = items.map((item) => `<li style="${INLINE.li}">${escapeHtml(item)}</li>`);
  return `<ul style="${INLINE.ul}">${lines.join("")}</ul>`;
}

/** A link; `url` must already be checked to be http(s). */
export function linkHtml(label: string, url: string): string {
  return `<a href="${escapeHtml(url)}" style="${INLINE.a}">${escapeHtml(label)}</a>`;
}
