import type { Socket } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { seededRandom } from "./seeded-random.ts";
import type { TestCertificate } from "./test-certificates.ts";

/** One message the fake accepted, as it arrived. */
export interface FakeSmtpMessage {
  /** The whole RFC 5322 source, headers and body, as the client sent it. */
  raw: string;
  envelope: { from: string; to: string[] };
  /** The Message-ID header, angle brackets included; undefined when the message had none. */
  messageId: string | undefined;
  /** The user name the client logged in with, if it did. */
  user: string | undefined;
  /** Whether the message came over TLS (STARTTLS or implicit). */
  secure: boolean;
}

/**
 * How the fake offers TLS, with `certificate`: `starttls` upgrades a plain connection when the client
 * asks (port 587's way), `implicit` speaks TLS from the first byte (port 465's, `smtps://`).
 */
export interface FakeSmtpTls {
  mode: "starttls" | "implicit";
  certificate: TestCertificate;
}

/** What a transaction can meet instead of a plain acceptance; decided when it starts (MAIL FROM). */
export type FakeSmtpFault =
  /** The message is read in full, then refused with `code` (451 by default): try again later. */
  | { kind: "refuse"; code?: number }
  /** The message is read in full, then the connection is cut without a reply. */
  | { kind: "drop" }
  /** The message is accepted, but the reply waits `delayMs`. */
  | { kind: "slow"; delayMs: number };

export interface FakeSmtpServer {
  /**
   * `smtp://127.0.0.1:<port>` (plain SMTP, STARTTLS offered only when started with it) or, with implicit
   * TLS, `smtps://127.0.0.1:<port>`; any login accepted.
   */
  readonly url: string;
  readonly port: number;
  /** Every accepted message, in the order they were accepted. */
  readonly messages: readonly FakeSmtpMessage[];
  /** Transactions begun (MAIL FROM commands), whatever became of them. */
  readonly attempts: number;
  /** Messages accepted. */
  readonly accepted: number;
  /** RCPT TO commands naming `address` (compared case-insensitively), refused ones included. */
  attemptsTo(address: string): number;
  /** The next `times` transactions meet `fault`; every one does when `times` is omitted. */
  fail(fault: FakeSmtpFault, times?: number): void;
  /** A fraction `rate` of the transactions meets `fault`, drawn from a generator seeded with `seed`. */
  failRandomly(fault: FakeSmtpFault, rate: number, seed?: number): void;
  /** RCPT TO `address` is refused with `code` (550 by default: no such user here). */
  rejectRecipient(address: string, code?: number): void;
  /** Removes every fault and recipient refusal. */
  heal(): void;
  close(): Promise<void>;
}

interface PendingFault {
  fault: FakeSmtpFault;
  remaining: number;
}

interface RandomFault {
  fault: FakeSmtpFault;
  rate: number;
  random: () => number;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

async function readAll(stream: SMTPServerDataStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The Message-ID header of a raw message, unfolded. */
function messageIdOf(raw: string): string | undefined {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = (headerEnd === -1 ? raw : raw.slice(0, headerEnd)).replace(/\r?\n[ \t]+/g, " ");
  return /^message-id:[ \t]*(.+)$/im.exec(headers)?.[1]?.trim();
}

/**
 * A real SMTP server in the test's process (smtp-server), with faults a delivery has to survive; plain
 * SMTP unless `options.tls` makes it offer STARTTLS or speak TLS throughout.
 */
export async function startFakeSmtpServer(options: { tls?: FakeSmtpTls } = {}): Promise<FakeSmtpServer> {
  const { tls } = options;
  const messages: FakeSmtpMessage[] = [];
  const recipientAttempts = new Map<string, number>();
  const rejectedRecipients = new Map<string, number>();
  let pending: PendingFault | undefined;
  let random: RandomFault | undefined;
  let attempts = 0;
  // The fault each connection's current transaction meets; a connection's session outlives its transactions.
  const faults = new WeakMap<SMTPServerSession, FakeSmtpFault | undefined>();
  // Raw sockets by client port, so a "drop" can cut the one a session runs on.
  const sockets = new Map<number, Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function nextFault(): FakeSmtpFault | undefined {
    if (pending && pending.remaining > 0) {
      pending.remaining -= 1;
      return pending.fault;
    }
    if (random && random.random() < random.rate) return random.fault;
    return undefined;
  }

  const server = new SMTPServer({
    logger: false,
    // Without a certificate of the test's, no STARTTLS at all: smtp-server would otherwise answer one
    // (which a client requiring TLS sends unasked) with its own built-in certificate.
    ...(tls === undefined ? { disabledCommands: ["STARTTLS"] } : {}),
    ...(tls ? { secure: tls.mode === "implicit", key: tls.certificate.key, cert: tls.certificate.cert } : {}),
    authOptional: true,
    allowInsecureAuth: true,
    // Reverse DNS of 127.0.0.1 would only slow every connection down.
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, session, callback) {
      attempts += 1;
      faults.set(session, nextFault());
      callback();
    },
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      recipientAttempts.set(key, (recipientAttempts.get(key) ?? 0) + 1);
      const code = rejectedRecipients.get(key);
      if (code !== undefined) return callback(smtpError(code, `No mailbox here by that name: ${key}`));
      callback();
    },
    onData(stream, session, callback) {
      readAll(stream).then(
        (raw) => {
          const fault = faults.get(session);
          if (fault?.kind === "refuse") {
            return callback(smtpError(fault.code ?? 451, "Try again later"));
          }
          if (fault?.kind === "drop") {
            // No reply at all: the client cannot know whether the message arrived (it did not).
            sockets.get(session.remotePort)?.destroy();
            return;
          }
          const accept = () => {
            messages.push({
              raw,
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              },
              messageId: messageIdOf(raw),
              user: typeof session.user === "string" ? session.user : undefined,
              secure: session.secure,
            });
            callback(null, "Queued");
          };
          if (fault?.kind !== "slow") return accept();
          const timer = setTimeout(() => {
            timers.delete(timer);
            accept();
          }, fault.delayMs);
          timers.add(timer);
        },
        (error: unknown) => callback(error as Error),
      );
    },
  });
  // A client cutting its connection is reported here; the fake only has to stay up.
  server.on("error", () => {});
  server.server.on("connection", (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once("close", () => sockets.delete(port));
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("The fake SMTP server has no port");
  const port = address.port;

  return {
    url: `${tls?.mode === "implicit" ? "smtps" : "smtp"}://127.0.0.1:${port}`,
    port,
    messages,
    get attempts() {
      return attempts;
    },
    get accepted() {
      return messages.length;
    },
    attemptsTo(recipient) {
      return recipientAttempts.get(recipient.toLowerCase()) ?? 0;
    },
    fail(fault, times = Number.POSITIVE_INFINITY) {
      pending = { fault, remaining: times };
    },
    failRandomly(fault, rate, seed = 1) {
      random = { fault, rate, random: seededRandom(seed) };
    },
    rejectRecipient(recipient, code = 550) {
      rejectedRecipients.set(recipient.toLowerCase(), code);
    },
    heal() {
      pending = undefined;
      random = undefined;
      rejectedRecipients.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      // Closing first lets smtp-server end the connections still in a TLS handshake from the top: a raw
      // socket destroyed under a handshake in progress crashes Node.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Pooled clients keep idle connections open; cut them rather than wait out smtp-server's grace period.
      for (const socket of sockets.values()) socket.destroy();
      await closed;
    },
  };
}
