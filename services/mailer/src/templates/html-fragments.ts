import { escapeHtml } from "./escape-html.ts";
import { INLINE, LOOK } from "./mail-look.ts";

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

/**
 * A white 12 px card around HTML inserted per recipient (a digest's channels and its contents): the look of
 * the layout's MJML cards, as a table every mail client lays out.
 */
export function cardHtml(content: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;background:${LOOK.card};border:1px solid ${LOOK.border};border-radius:${LOOK.radius};margin:0 0 16px;"><tr><td style="padding:24px 24px 8px;">${content}</td></tr></table>`;
}
