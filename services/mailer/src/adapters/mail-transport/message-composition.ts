import type { SendMailOptions } from "nodemailer";
import type { DkimSettings } from "../../config.ts";
import type { OutgoingMail } from "./mail-transport.ts";

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
 * The HTML goes as base64: nodemailer would pick quoted-printable for it (it is mostly ASCII), which it
 * encodes in JavaScript a character at a time, costlier than the whole message in base64, which Node
 * encodes natively; the message grows by a third at most. The plain text keeps nodemailer's choice.
 */
export function composedMail(mail: OutgoingMail, envelopeFrom?: string): SendMailOptions {
  const to = { name: "", address: mail.to };
  return {
    from: mail.from,
    to,
    subject: mail.subject,
    html: { content: mail.html, contentTransferEncoding: "base64" },
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
    ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: [to] } } : {}),
  };
}
