import type { Recipient } from "../store/recipient-repository.ts";
import type { TemplateData } from "../templates/template-data.ts";
import type { TemplateName } from "../templates/template-names.ts";
import type { MailerContext } from "./mailer-context.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/**
 * The mail a reader can leave (the weekly digest, the reminder to finish choosing a plan), as opposed to
 * mail about their account, which they cannot turn off. Bulk senders must let the former go with one
 * click; `listId` names a list receivers can group and filter by (RFC 2919).
 */
const LIST_MAIL: Partial<Record<TemplateName, { listId?: { label: string; name: string } }>> = {
  digest: { listId: { label: "weekly-digest", name: "tubedigest weekly digest" } },
  abandonment: {},
};

/** What the headers are made of: the mailto and the sending domain. */
export type ListContext = Pick<MailerContext, "unsubscribeMailto" | "mailDomain">;

/** Whether a template's mail is mail a reader can leave, and so carries one-click unsubscribe. */
export const isListMail = (template: TemplateName): boolean => LIST_MAIL[template] !== undefined;

/**
 * The one-click unsubscribe link of a reader's current generation of links, as the e-mail's footer and
 * List-Unsubscribe carry it. Read the reader locked (recipientOf's `lock`): securing the account moves
 * the generation on and signs the messages then waiting anew, and a message queued meanwhile from an
 * unlocked read would miss both.
 */
export function unsubscribeUrl(
  context: Pick<MailerContext, "links" | "unsubscribeKey">,
  reader: Pick<Recipient, "user_id" | "unsubscribe_generation">,
): string {
  const token = unsubscribeToken(context.unsubscribeKey, reader.user_id, reader.unsubscribe_generation);
  return context.links.unsubscribe(token);
}

/**
 * The headers a message of `template` carries besides those every message has (From, To, Date,
 * Message-ID on the sending domain). Every one is `Auto-Submitted: auto-generated` (RFC 3834): no
 * person wrote it, so out-of-office responders leave it alone. Mail a reader can leave also has RFC 8058
 * one-click unsubscribe (mail clients show a button that POSTs `List-Unsubscribe=One-Click` to the https
 * link, no session needed; the mailto is the fallback of RFC 2369) with the very link its body carries,
 * `Precedence: bulk`, and for the digest a List-Id on the sending domain.
 */
export function mailHeaders<Name extends TemplateName>(
  context: ListContext,
  template: Name,
  data: TemplateData[Name],
): Record<string, string> {
  const headers: Record<string, string> = { "Auto-Submitted": "auto-generated" };
  const list = LIST_MAIL[template];
  const link = "unsubscribeUrl" in data ? data.unsubscribeUrl : undefined;
  if (!list || typeof link !== "string") return headers;
  const mailto = context.unsubscribeMailto
    ? `, <mailto:${context.unsubscribeMailto}?subject=unsubscribe>`
    : "";
  return {
    ...headers,
    ...(list.listId ? { "List-Id": `${list.listId.name} <${list.listId.label}.${context.mailDomain}>` } : {}),
    "List-Unsubscribe": `<${link}>${mailto}`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    Precedence: "bulk",
  };
}
