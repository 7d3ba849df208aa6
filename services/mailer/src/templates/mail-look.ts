/**
 * The web app's design tokens (docs/product.md#the-look) as e-mails can use them: plain values, because
 * mail clients ignore CSS custom properties. Calm near-white surface, slate text, one indigo accent,
 * the system font stack, an 8 px grid and 12 px cards.
 */
export const LOOK = {
  surface: "#f8fafc",
  card: "#fff",
  border: "#e2e8f0",
  /** Behind a picture still loading or blocked: the web app's sunken surface. */
  sunken: "#f1f5f9",
  text: "#1e293b",
  muted: "#475569",
  accent: "#4f46e5",
  onAccent: "#ffffff",
  // Single quotes: the stack sits inside double-quoted style and MJML attributes.
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  radius: "12px",
} as const;

/**
 * Inline styles for the HTML inserted per recipient: compiled MJML's CSS lives in the head, which
 * several clients drop, so inserted tags carry their own. Font family and colour are inherited from
 * the MJML text block around them, so only what differs from it is written, to keep digests small; a
 * style that adds to one of these starts with its own semicolon.
 */
export const INLINE = {
  p: "margin:0 0 16px",
  ul: "margin:0 0 16px;padding-left:24px",
  li: "margin:0 0 8px",
  strong: "font-weight:600",
  em: "font-style:italic",
  // Mail clients underline links themselves; only the colour is ours.
  a: `color:${LOOK.accent}`,
  // Headings are bold by default; only the semibold ones say their weight.
  h1: "margin:0 0 16px;font-size:28px;line-height:1.25",
  h2: "margin:0 0 16px;font-size:20px;line-height:1.3",
  h3: "margin:0 0 8px;font-size:16px;line-height:1.4;font-weight:600",
  h4: "margin:0 0 8px;font-size:15px;line-height:1.4;font-weight:600",
  muted: `margin:0 0 8px;color:${LOOK.muted};font-size:14px`,
  note: `margin:0 0 16px;color:${LOOK.muted};font-style:italic`,
} as const;
