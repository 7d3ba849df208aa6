import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from "node:http";
import { connect, createServer as createTcpServer, type Server, type Socket } from "node:net";

export interface FakeProxyOptions {
  /** "http": an HTTP proxy (absolute-form requests and CONNECT tunnels); "socks5": a SOCKS5 proxy. */
  protocol: "http" | "socks5";
  /**
   * The local address it connects onward from, so a fake that refuses this machine's own address can
   * tell requests through the proxy apart (127.0.0.2 by default: Linux routes all of 127/8 to loopback).
   */
  outboundAddress?: string;
  /** Credentials it insists on (Proxy-Authorization Basic, or SOCKS5 user/password); none when absent. */
  credentials?: { username: string; password: string };
}

export interface FakeProxy {
  /** The proxy's URL, credentials included: give it as TRANSCRIPT_PROXY_URL. */
  readonly url: string;
  /** Connections or requests it carried onward, and those it refused for want of credentials. */
  readonly carried: number;
  readonly refused: number;
  close(): Promise<void>;
}

/**
 * A small forward proxy on 127.0.0.1 (a free port) for tests of outbound proxying: HTTP (plain requests
 * in absolute form, and CONNECT tunnels for https) or SOCKS5 (CONNECT by IPv4 or name, no auth or
 * user/password), connecting onward from its own local address.
 */
export async function startFakeProxy(options: FakeProxyOptions): Promise<FakeProxy> {
  const outboundAddress = options.outboundAddress ?? "127.0.0.2";
  const counts = { carried: 0, refused: 0 };
  const sockets = new Set<Socket>();
  const server: Server =
    options.protocol === "http"
      ? httpProxy(outboundAddress, options.credentials, counts)
      : socksProxy(outboundAddress, options.credentials, counts);
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The fake proxy has no port");
  const auth = options.credentials
    ? `${encodeURIComponent(options.credentials.username)}:${encodeURIComponent(options.credentials.password)}@`
    : "";
  return {
    url: `${options.protocol}://${auth}127.0.0.1:${address.port}`,
    get carried() {
      return counts.carried;
    },
    get refused() {
      return counts.refused;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Credentials = FakeProxyOptions["credentials"];

function httpProxy(
  outboundAddress: string,
  credentials: Credentials,
  counts: { carried: number; refused: number },
) {
  const expected =
    credentials &&
    `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  const allowed = (request: IncomingMessage) =>
    !expected || request.headers["proxy-authorization"] === expected;
  const server = createHttpServer((request, response) => {
    if (!allowed(request)) {
      counts.refused += 1;
      response.writeHead(407, { "proxy-authenticate": 'Basic realm="fake"' }).end();
      return;
    }
    const target = URL.parse(request.url ?? "");
    if (target?.protocol !== "http:") {
      response.writeHead(400).end("absolute http:// URLs only");
      return;
    }
    counts.carried += 1;
    const headers = { ...request.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const onward = httpRequest(
      target,
      { method: request.method, headers, localAddress: outboundAddress },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on("error", () => response.writeHead(502).end());
    request.pipe(onward);
  });
  server.on("connect", (request: IncomingMessage, client: Socket, head: Buffer) => {
    if (!allowed(request)) {
      counts.refused += 1;
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="fake"\r\n\r\n',
      );
      return;
    }
    const [host = "", port = "443"] = (request.url ?? "").split(/:(?=\d+$)/);
    counts.carried += 1;
    const upstream = connect({ host, port: Number(port), localAddress: outboundAddress }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const teardown = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on("error", teardown);
    client.on("error", teardown);
  });
  return server;
}

/** SOCKS5 (RFC 1928) with no authentication or user/password (RFC 1929); CONNECT only. */
function socksProxy(
  outboundAddress: string,
  credentials: Credentials,
  counts: { carried: number; refused: number },
) {
  return createTcpServer((client) => {
    let buffer = Buffer.alloc(0);
    let stage: "greeting" | "auth" | "request" = "greeting";
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === "greeting") {
        if (buffer.length < 2 || buffer.length < 2 + (buffer[1] ?? 0)) return;
        const methods = [...buffer.subarray(2, 2 + (buffer[1] ?? 0))];
        buffer = buffer.subarray(2 + (buffer[1] ?? 0));
        const method = credentials ? 0x02 : 0x00;
        if (!methods.includes(method)) {
          counts.refused += 1;
          client.end(Buffer.from([0x05, 0xff]));
          return;
        }
        client.write(Buffer.from([0x05, method]));
        stage = credentials ? "auth" : "request";
      }
      if (stage === "auth") {
        const userLength = buffer[1] ?? 0;
        const passwordLength = buffer[2 + userLength];
        if (passwordLength === undefined || buffer.length < 3 + userLength + passwordLength) return;
        const username = buffer.subarray(2, 2 + userLength).toString();
        const password = buffer.subarray(3 + userLength, 3 + userLength + passwordLength).toString();
        buffer = buffer.subarray(3 + userLength + passwordLength);
        if (username !== credentials?.username || password !== credentials?.password) {
          counts.refused += 1;
          client.end(Buffer.from([0x01, 0x01]));
          return;
        }
        client.write(Buffer.from([0x01, 0x00]));
        stage = "request";
      }
      if (stage === "request") {
        const target = socksTarget(buffer);
        if (!target) return;
        client.off("data", onData);
        counts.carried += 1;
        const upstream = connect(
          { host: target.host, port: target.port, localAddress: outboundAddress },
          () => {
            client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
            upstream.write(buffer.subarray(target.length));
            upstream.pipe(client);
            client.pipe(upstream);
          },
        );
        const teardown = () => {
          client.destroy();
          upstream.destroy();
        };
        upstream.on("error", () => {
          if (client.writable) client.end(Buffer.from([0x05, 0x05, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
          teardown();
        });
        client.on("error", teardown);
      }
    };
    client.on("data", onData);
    client.on("error", () => client.destroy());
  });
}

/** The CONNECT request's host and port, and its length; undefined until it has all arrived. */
function socksTarget(buffer: Buffer): { host: string; port: number; length: number } | undefined {
  if (buffer.length < 5) return undefined;
  const type = buffer[3];
  let host: string;
  let offset: number;
  if (type === 0x01) {
    if (buffer.length < 10) return undefined;
    host = [...buffer.subarray(4, 8)].join(".");
    offset = 8;
  } else if (type === 0x03) {
    const length = buffer[4] ?? 0;
    if (buffer.length < 5 + length + 2) return undefined;
    host = buffer.subarray(5, 5 + length).toString();
    offset = 5 + length;
  } else {
    return undefined;
  }
  return { host, port: buffer.readUInt16BE(offset), length: offset + 2 };
}
