import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP service that answers every GET a while late, by asking `target`: a summariser whose catalog
 * goes through it is mid-digest for that long on every compose. The delay may be a function, read for
 * each request (a catalog that turns slow at a moment the test chooses).
 */
export async function startSlowHttpProxy(
  target: string,
  delayMs: number | (() => number),
): Promise<Server & { url: string }> {
  const server = createServer(async (request, response) => {
    const delay = typeof delayMs === "function" ? delayMs() : delayMs;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const answer = await fetch(target + (request.url ?? "/"), { headers: { accept: "application/json" } });
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "text/plain",
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
