/**
 * An SMTP server that accepts every message and keeps none of it, in a process of its own so that reading
 * 10,000 digests costs the mailer's process nothing and its memory stays flat. For each accepted message
 * it prints "accepted <epoch ms> <bytes> <recipient>", which is all the bench needs: when it arrived,
 * how big it was, and for whom. Prints "ready <port>" once it listens on a free port of 127.0.0.1.
 *
 *   node --import tsx bench/suite/digest-at-scale/discarding-smtp-sink.ts
 */
import { SMTPServer } from "smtp-server";

const server = new SMTPServer({
  logger: false,
  hideSTARTTLS: true,
  authOptional: true,
  // Reverse DNS of 127.0.0.1 would only slow every connection down.
  disableReverseLookup: true,
  onData(stream, session, callback) {
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on("end", () => {
      // Read before replying: smtp-server starts the next transaction's envelope as the reply goes out.
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
      // The moment of acceptance is the reply's: the mailer marks the message sent when it reads it.
      const at = Date.now();
      callback(null, "Queued");
      for (const recipient of recipients) process.stdout.write(`accepted ${at} ${bytes} ${recipient}\n`);
    });
  },
});
server.on("error", () => {
  // A client cutting its connection is reported here; the sink only has to stay up.
});
server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP sink has no port");
  process.stdout.write(`ready ${address.port}\n`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  // Idle pooled connections would hold the close up to smtp-server's 30 s grace period.
  setTimeout(() => process.exit(0), 1_000).unref();
});
