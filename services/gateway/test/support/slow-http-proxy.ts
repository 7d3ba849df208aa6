import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP service that answers every GET a while late, by asking `target`: a summariser whose catalog
 * goes through it is mid-digest for that long on every compose.
 */
export async function startSlowHttpProxy(target: string, delayMs: number): Promise<Server & { url: string }> {
  const server = createServer(async (request, response) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
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
