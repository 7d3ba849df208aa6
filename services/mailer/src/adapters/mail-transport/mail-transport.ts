/** One message as it goes out: already rendered, with its own Message-ID. */
export interface OutgoingMail {
  from: string;
  /** One bare, canonical address (the dispatcher refuses any other), handed on as an address, never as text to parse. */
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<…@host>`, chosen before sending, so a retried message keeps its id. */
  messageId: string;
  headers: Record<string, string>;
}

/**
 * Where mail goes: an SMTP server (pooled), or, embedded, .eml files a development mailbox lists.
 * `send` resolves once the message is accepted; it throws `TransientSendError` (4xx, a dropped
 * connection, a time-out: try again later) or `PermanentSendError` (5xx: this address will not take it).
 */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  /** Whether the server can be reached, for readiness. */
  verify(): Promise<boolean>;
  close(): Promise<void>;
}

export class TransientSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TransientSendError";
  }
}

export class PermanentSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentSendError";
  }
}
