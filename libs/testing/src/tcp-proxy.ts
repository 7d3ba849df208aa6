import { connect as connectTcp, createServer, type Server, type Socket } from "node:net";

/** A TCP proxy in front of a real service, for fault tests: cut the line, refuse, let through again. */
export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  readonly port: number;
  /** Connections currently open through the proxy. */
  readonly openConnections: number;
  /** Resets every open connection, as a network failure or a broker crash would. */
  dropConnections(): void;
  /** New connections are reset as soon as they arrive, until acceptConnections. */
  refuseConnections(): void;
  acceptConnections(): void;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;

  const server: Server = createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connectTcp(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const teardown = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", teardown).on("close", teardown);
    upstream.on("error", teardown).on("close", teardown);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The proxy has no TCP port");

  function dropConnections(): void {
    for (const [client, upstream] of pairs) {
      // A reset, not a polite FIN: the client must see the line die, not a clean close.
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  }

  return {
    port: address.port,
    get openConnections() {
      return pairs.size;
    },
    dropConnections,
    refuseConnections() {
      refusing = true;
    },
    acceptConnections() {
      refusing = false;
    },
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = "127.0.0.1";
      through.port = String(address.port);
      return through.toString();
    },
    async close() {
      dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
