import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte onto a socket. Clients (fetch, inject, curl without
 * --path-as-is) tidy a path before sending it — resolve `..`, turn `\` into `/`, encode what they
 * dislike — so only this shows what a server does with the spelling an attacker really sends.
 */
export function rawHttpRequest(
  port: number,
  request: { method?: string; target: string; headers?: Record<string, string>; body?: string },
  timeoutMs = 5_000,
): Promise<RawResponse> {
  const body = Buffer.from(request.body ?? "", "utf8");
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(request.body === undefined ? {} : { "content-length": String(body.length) }),
    ...request.headers,
  };
  const head = `${request.method ?? "GET"} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer to ${request.target}`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    // latin1 keeps every byte of the target as written, including ones that are not valid UTF-8.
    socket.end(Buffer.concat([Buffer.from(head, "latin1"), body]));
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd === -1) throw new Error(`incomplete HTTP answer: ${JSON.stringify(raw.toString("latin1"))}`);
  const [statusLine = "", ...lines] = raw.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] =
      headers[name] === undefined
        ? line.slice(colon + 1).trim()
        : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
  }
  let body = raw.subarray(headEnd + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) body = unchunk(body);
  return { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") };
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
