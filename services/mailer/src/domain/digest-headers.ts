import type { MailerContext } from "./mailer-context.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/**
 * RFC 8058 one-click unsubscribe for digests: mail clients show an unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the https link, with no session; the mailto is the fallback (RFC 2369).
 */
export function digestHeaders(
  context: MailerContext,
  userId: string,
): { url: string; headers: Record<string, string> } {
  const url = context.links.unsubscribe(unsubscribeToken(context.unsubscribeKey, userId));
  const mailto = context.unsubscribeMailto
    ? `, <mailto:${context.unsubscribeMailto}?subject=unsubscribe>`
    : "";
  return {
    url,
    headers: {
      "List-Unsubscribe": `<${url}>${mailto}`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
