import { connect } from "node:net";
import type { ServiceApp } from "../../src/create-service-app.ts";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent to the connection's end. */
  elapsedMs: number;
}

/** Where a listening app answers. */
export function portOf(app: ServiceApp): number {
  const address = app.server.address();
  if (typeof address !== "object" || address === null) throw new Error("the app is not listening");
  return address.port;
}

/**
 * Sends the pieces over one connection, `gapMs` apart, exactly as written (no client library to fix them
 * up), and reads until the server closes the connection. Gives up after `giveUpMs`, answering status 0.
 */
export function sendRaw(
  port: number,
  pieces: readonly string[],
  options: { gapMs?: number; giveUpMs?: number } = {},
): Promise<RawAnswer> {
  const { gapMs = 0, giveUpMs = 10_000 } = options;
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    const timers: NodeJS.Timeout[] = [];
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      for (const timer of timers) clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(received).toString("utf8"), Date.now() - started));
    });
    pieces.forEach((piece, index) => {
      timers.push(
        setTimeout(() => {
          if (!socket.destroyed) socket.write(piece);
        }, index * gapMs),
      );
    });
    timers.push(setTimeout(() => socket.destroy(), giveUpMs));
  });
}

function parseAnswer(text: string, elapsedMs: number): RawAnswer {
  const headEnd = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = (headEnd === -1 ? text : text.slice(0, headEnd)).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(" ")[1] ?? 0),
    headers,
    body: headEnd === -1 ? "" : text.slice(headEnd + 4),
    elapsedMs,
  };
}

/** A whole request: its line, headers (Host first, the connection closed after), a blank line and the body. */
export function requestText(requestLine: string, headers: Record<string, string> = {}, body = ""): string {
  const lines = Object.entries({ host: "localhost", connection: "close", ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return `${requestLine}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}
