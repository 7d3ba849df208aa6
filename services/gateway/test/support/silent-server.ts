import { createServer, type Socket } from "node:net";

/** A server that takes connections and never says a word: an SMTP relay hung before its greeting. */
export interface SilentServer {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  /** Connections open now: a client waiting on one is stuck mid-send. */
  readonly openConnections: number;
  close(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The silent server has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    get openConnections() {
      return sockets.size;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
