import { rootCertificates } from "node:tls";
import nodemailer from "nodemailer";
import type { DkimSettings, SmtpTlsSettings } from "../../config.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";
import { composedMail, dkimSigning } from "./message-composition.ts";
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
  dkim?: DkimSettings | undefined;
  /** The longest wait to connect, for the greeting, and for any reply; 30 s by default. */
  timeoutMs?: number;
  /** Connections kept open to the server; the dispatcher's concurrency should not exceed it. */
  maxConnections?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

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
    ...(options.dkim ? { dkim: dkimSigning(options.dkim) } : {}),
  });
  return {
    name: "smtp",
    async send(mail: OutgoingMail) {
      try {
        await transporter.sendMail(composedMail(mail, options.from));
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
