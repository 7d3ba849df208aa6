import type { Server } from "node:http";

/** A fake's HTTP server listening on a free port of 127.0.0.1. */
export interface ListeningServer {
  /** "http://127.0.0.1:<port>". */
  readonly origin: string;
  /** Stops it, cutting the connections clients keep alive so that closing does not wait on them. */
  close(): Promise<void>;
}

/** Starts `server` on a free local port; `name` says whose server failed to get one ("The fake Stripe API"). */
export async function listenLocally(server: Server, name: string): Promise<ListeningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error(`${name} got no port`);
  return {
    origin: `http://127.0.0.1:${address.port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
