import type { SiteSettings } from "@tubedigest/config";
import { escapeHtml } from "./escape-html.ts";
import { FOOTER_LINK } from "./layout.ts";

/**
 * The last line of every e-mail's footer, HTML and text alike: who runs tubedigest and where to write.
 * The same for every message of a process, so it is made once, when the templates are compiled.
 */
export function siteFooter({ supportEmail, operatorName }: SiteSettings): { html: string; text: string } {
  const runBy = `tubedigest is run by ${operatorName}.`;
  const address = escapeHtml(supportEmail);
  return {
    html: `${escapeHtml(runBy)} Questions? Write to <a href="mailto:${address}" style="${FOOTER_LINK}">${address}</a>.`,
    text: `${runBy} Questions? Write to ${supportEmail}.`,
  };
}
