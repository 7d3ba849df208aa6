import nodemailer from "nodemailer";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";
import { classifySmtpFailure } from "./smtp-failure.ts";

export interface SmtpTransportOptions {
  /**
   * `smtp://user:pass@host:587` (STARTTLS whenever the server offers it, nodemailer's default; add
   * `?requireTLS=true` to refuse a server that does not) or `smtps://…:465` (TLS from the first byte).
   */
  url: string;
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
    ...(options.dkim ? { dkim: options.dkim } : {}),
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
