import { rootCertificates } from "node:tls";
import nodemailer from "nodemailer";
import type { SmtpTlsSettings } from "../config.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";
import { classifySmtpFailure } from "./smtp-failure.ts";

export interface SmtpTransportOptions {
  /**
   * `smtp://user:pass@host:587` (STARTTLS whenever the server offers it, nodemailer's default) or
   * `smtps://…:465` (TLS from the first byte).
   */
  url: string;
  /**
   * `requireTLS` refuses a server that does not upgrade (`?requireTLS=true` in the URL does too); the
   * certificate is verified against the system's authorities and `ca`, unless `allowInvalidCertificate`.
   */
  tls?: SmtpTlsSettings | undefined;
  /** The envelope sender (MAIL FROM: where bounces go); the message's From address when absent. */
  from?: string;
  /** Signs every message (DKIM-Signature) with this key, published at `<keySelector>._domainkey.<domainName>`. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** The longest wait to connect, for the greeting, and for any reply; 30 s by default. */
  timeoutMs?: number;
  /** Connections kept open to the server; the dispatcher's concurrency should not exceed it. */
  maxConnections?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

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

/** Mail through an SMTP relay, over a pool of connections kept open between messages. */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    pool: true,
    url: options.url,
    maxConnections: options.maxConnections ?? 5,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    ...(options.tls?.requireTLS ? { requireTLS: true } : {}),
    tls: {
      rejectUnauthorized: !options.tls?.allowInvalidCertificate,
      // Node's `ca` replaces the system's authorities; a private CA is trusted besides them.
      ...(options.tls?.ca ? { ca: [...rootCertificates, options.tls.ca] } : {}),
    },
    ...(options.dkim ? { dkim: { ...options.dkim, headerFieldNames: SIGNED_HEADERS } } : {}),
  });
  return {
    name: "smtp",
    async send(mail: OutgoingMail) {
      try {
        // An address object, never a string: nodemailer parses a string as a header would, display names
        // and lists included, and the envelope must carry exactly the address the dispatcher checked.
        const to = { name: "", address: mail.to };
        await transporter.sendMail({
          from: mail.from,
          to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          headers: mail.headers,
          ...(options.from ? { envelope: { from: options.from, to: [to] } } : {}),
        });
      } catch (error) {
        throw classifySmtpFailure(error);
      }
    },
    async verify() {
      try {
        return await transporter.verify();
      } catch {
        return false;
      }
    },
    async close() {
      // Idle connections close at once; one still delivering finishes its message first.
      transporter.close();
    },
  };
}
