import { escapeHtml } from "./escape-html.ts";
import { INLINE, LOOK } from "./mail-look.ts";

/** A link in the footer; `href` is usually a `{{placeholder}}` filled per recipient. */
export interface FooterLink {
  label: string;
  href: string;
}

export interface LayoutParts {
  /** MJML sections between the header and the footer (see `card`); for `oneCellLayout`, HTML. */
  body: string;
  /** Why the reader gets this e-mail, said plainly; the text part says the same. */
  reason: string;
  links: FooterLink[];
}

// Mail clients underline links themselves.
export const FOOTER_LINK = `color:${LOOK.muted}`;
// The footer's lines share one text block: a block each would repeat MJML's table rows and font stack.
const FOOTER_LINE = "margin:0 0 8px";

const WORDMARK = `tube<span style="color:${LOOK.accent};">digest</span>`;

/** The footer's lines: why the e-mail came, its links, and who runs tubedigest. */
function footerLines({ reason, links }: Omit<LayoutParts, "body">): string {
  const footerLinks = links
    .map(({ label, href }) => `<a href="${href}" style="${FOOTER_LINK}">${escapeHtml(label)}</a>`)
    .join(" &#183; ");
  return `<p style="${FOOTER_LINE}">${escapeHtml(reason)}</p><p style="${FOOTER_LINE}">${footerLinks}</p>{{{siteFooter}}}`;
}

/**
 * Every e-mail's frame, mirroring the web app: the tubedigest wordmark on the calm surface, the
 * content in white 12 px cards, and a quiet footer saying why the e-mail came, where to change that,
 * and who runs tubedigest with its support address (`{{{siteFooter}}}`, see site-footer.ts). The title and preheader (the hidden first line mail clients show in the list) come from
 * the `{{subject}}` and `{{preheader}}` every e-mail fills. Side padding keeps cards off a phone's
 * edges; 600 px is the width mail clients expect.
 */
export function layout({ body, ...footerParts }: LayoutParts): string {
  return frame(`<mj-wrapper padding="0 16px">
      <mj-section padding="32px 0 16px">
        <mj-column>
          <mj-text font-size="20px" font-weight="700" line-height="1.2" padding="0 8px">${WORDMARK}</mj-text>
        </mj-column>
      </mj-section>
      ${body}
      <mj-section padding="16px 0 32px">
        <mj-column>
          <mj-text color="${LOOK.muted}" font-size="14px" padding="0 8px">${footerLines(footerParts)}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>`);
}

/**
 * The same frame and look as `layout` for an e-mail whose `body` is HTML, its cards drawn by cardHtml:
 * wordmark, body and footer in one 600 px cell (a fixed-width table where Outlook reads conditional
 * comments), without the nested tables, conditional tables and column styles MJML adds for every
 * section, column and text block, which only a layout of several columns needs.
 */
export function oneCellLayout({ body, ...footerParts }: LayoutParts): string {
  return frame(
    `<mj-raw><!--[if mso | IE]><table align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="width:600px;" width="600"><tr><td><![endif]--><div style="margin:0 auto;max-width:600px;"><table align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="width:100%;"><tr><td style="padding:32px 16px;text-align:left;font-family:${LOOK.font};font-size:16px;line-height:1.5;color:${LOOK.text};"><p style="margin:0 8px 16px;font-size:20px;font-weight:700;line-height:1.2">${WORDMARK}</p>${body}<div style="padding:16px 8px 0;color:${LOOK.muted};font-size:14px">${footerLines(footerParts)}</div></td></tr></table></div><!--[if mso | IE]></td></tr></table><![endif]--></mj-raw>`,
  );
}

function frame(content: string): string {
  return `<mjml lang="en">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-attributes>
      <mj-all font-family="${LOOK.font}" />
      <mj-section padding="0" />
      <mj-column padding="0" />
      <mj-text color="${LOOK.text}" font-size="16px" line-height="1.5" padding="0 24px 16px" />
      <mj-button background-color="${LOOK.accent}" color="${LOOK.onAccent}" font-size="16px" font-weight="600"
        border-radius="8px" inner-padding="12px 24px" padding="8px 24px 24px" align="left" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${LOOK.surface}" width="600px">
    <mj-raw><div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">{{preheader}}</div></mj-raw>
    ${content}
  </mj-body>
</mjml>`;
}

/** A white 12 px card holding MJML content (mj-text, mj-button, …). */
export function card(content: string): string {
  return `<mj-section background-color="${LOOK.card}" border="1px solid ${LOOK.border}" border-radius="${LOOK.radius}" padding="24px 0 8px">
        <mj-column>${content}</mj-column>
      </mj-section>`;
}

/** A card's title; the text block's padding spaces it, so the heading has no margin of its own. */
export function heading(text: string, size: "large" | "medium" = "large"): string {
  return `<mj-text><h1 style="${size === "large" ? INLINE.h1 : INLINE.h2};margin:0">${text}</h1></mj-text>`;
}

/**
 * A link whose button might not work in every mail client (a single-use link), written out beneath it to
 * copy; a long address breaks rather than widening the card on a phone.
 */
export function linkToCopy(href: string): string {
  return `<mj-text font-size="14px">If the button doesn't work, copy this address into your browser:<br /><a href="${href}" style="${INLINE.a};word-break:break-all;">${href}</a></mj-text>`;
}

/** The one primary action of an e-mail, in the accent colour. */
export function button(label: string, href: string): string {
  return `<mj-button href="${href}">${escapeHtml(label)}</mj-button>`;
}
