import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte onto a socket. Clients (fetch, inject, curl without
 * --path-as-is) tidy a path before sending it — resolve `..`, turn `\` into `/`, encode what they
 * dislike — so only this shows what a server does with the spelling an attacker really sends. A header
 * given as undefined is not sent, Host and Connection included.
 */
export function rawHttpRequest(
  port: number,
  request: {
    method?: string;
    target: string;
    headers?: Record<string, string | undefined>;
    body?: string;
  },
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
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  const bodyless = (request.method ?? "GET") === "HEAD";
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = () => {
      const response = completeResponse(Buffer.concat(chunks), bodyless);
      if (!response) return false;
      socket.destroy();
      resolve(response);
      return true;
    };
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(
        new Error(`no complete answer to ${request.target}: ${Buffer.concat(chunks).toString("latin1")}`),
      ),
    );
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      finish();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      if (!finish()) reject(new Error(`connection closed during the answer to ${request.target}`));
    });
    // latin1 keeps every byte of the target as written, including ones that are not valid UTF-8. The
    // socket stays open for writing: a server may drop a request whose client has already hung up.
    socket.write(Buffer.concat([Buffer.from(head, "latin1"), body]));
  });
}

/** The answer once all of it has arrived (a proxy may keep the connection open whatever was asked). */
function completeResponse(raw: Buffer, bodyless: boolean): RawResponse | undefined {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd === -1) return undefined;
  const [statusLine = "", ...lines] = raw.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const status = Number(statusLine.split(" ")[1]);
  let body = raw.subarray(headEnd + 4);
  if (bodyless || status === 204 || status === 304) body = Buffer.alloc(0);
  else if (headers["transfer-encoding"]?.includes("chunked")) {
    const unchunked = unchunk(body);
    if (!unchunked) return undefined;
    body = unchunked;
  } else if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    if (body.length < length) return undefined;
    body = body.subarray(0, length);
  } else return undefined;
  return { status, headers, body: body.toString("utf8") };
}

/** The body of a chunked answer, or undefined until its last chunk has arrived. */
function unchunk(body: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts);
    if (body.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return undefined;
}
