import { escapeHtml } from "./escape-html.ts";
import { INLINE, LOOK } from "./mail-look.ts";
import { shortVideoUrl } from "./short-video-url.ts";

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

/** A link, to a YouTube video in its short form; `url` must already be checked to be http(s). */
export function linkHtml(label: string, url: string): string {
  return `<a href="${escapeHtml(shortVideoUrl(url))}" style="${INLINE.a}">${escapeHtml(label)}</a>`;
}

/**
 * A white 12 px card around HTML inserted per recipient (a digest's channels and its contents): the look of
 * the layout's MJML cards, as a table every mail client lays out.
 */
export function cardHtml(content: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:separate;background:${LOOK.card};border:1px solid ${LOOK.border};border-radius:${LOOK.radius};margin:0 0 16px"><tr><td style="padding:24px 24px 8px">${content}</td></tr></table>`;
}

/**
 * The one primary action, in the accent colour, as MJML's mj-button draws it (Outlook pads the cell, other
 * clients the link), for an e-mail drawn as HTML; `url` must already be checked to be http(s). Its top
 * margin and the 16 px below a card or paragraph above it collapse into one gap of 24 px.
 */
export function buttonHtml(label: string, url: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:separate;margin:24px"><tr><td align="center" bgcolor="${LOOK.accent}" valign="middle" style="border-radius:8px;mso-padding-alt:12px 24px;background:${LOOK.accent}"><a href="${escapeHtml(url)}" style="display:inline-block;background:${LOOK.accent};color:${LOOK.onAccent};font-size:16px;font-weight:600;line-height:120%;margin:0;text-decoration:none;padding:12px 24px;mso-padding-alt:0px;border-radius:8px">${escapeHtml(label)}</a></td></tr></table>`;
}
