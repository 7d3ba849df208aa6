import type { SendMailOptions } from "nodemailer";
import type { DkimSettings } from "../../config.ts";
import type { OutgoingMail } from "./mail-transport.ts";
import { sevenBitHtml } from "./seven-bit-html.ts";

/**
 * The headers the DKIM signature covers, when present: nodemailer's usual list lacks
 * List-Unsubscribe-Post, which one-click unsubscribe requires to be signed (RFC 8058), and the markers
 * of automatic mail, which a forwarder must not strip or add unnoticed.
 */
const SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "Auto-Submitted",
  "Precedence",
].join(":");

/** Nodemailer's DKIM option: every message signed with the key, over the headers above. */
export function dkimSigning(dkim: DkimSettings) {
  return { ...dkim, headerFieldNames: SIGNED_HEADERS };
}

/**
 * A message as nodemailer composes it, the same for every transport (SMTP, the development mailbox,
 * the spam check). The recipient is an address object, never a string: nodemailer parses a string as a
 * header would, display names and lists included, and the envelope must carry exactly the address the
 * dispatcher checked. `envelopeFrom` is where bounces go; the From's address when absent.
 *
 * The HTML goes unencoded, as 7-bit text (see sevenBitHtml): quoted-printable, nodemailer's choice for it,
 * is encoded in JavaScript a character at a time and adds `=3D` to every attribute, and base64 adds a
 * third. HTML that cannot go so goes as base64, which Node encodes natively. The plain text keeps
 * nodemailer's choice.
 */
export function composedMail(mail: OutgoingMail, envelopeFrom?: string): SendMailOptions {
  const to = { name: "", address: mail.to };
  return {
    from: mail.from,
    to,
    subject: mail.subject,
    html: htmlPart(mail.html),
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
    ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: [to] } } : {}),
  };
}

/**
 * The HTML part, whole: nodemailer would encode any text with a line past 76 characters, and an e-mail's
 * addresses alone are longer, so 7-bit HTML goes as the part's raw source, headers and all.
 */
function htmlPart(html: string): { raw: string } | { content: string; contentTransferEncoding: "base64" } {
  const sevenBit = sevenBitHtml(html);
  if (sevenBit === undefined) return { content: html, contentTransferEncoding: "base64" };
  const headers = "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 7bit";
  return { raw: `${headers}\r\n\r\n${sevenBit.replace(/\n/g, "\r\n")}` };
}
