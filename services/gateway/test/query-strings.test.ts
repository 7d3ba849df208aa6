import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

let edge: EdgeGateway;
/** Catalog's paths go here: a bare server that takes any query, so only the gateway can refuse one. */
let lenient: Server;
const reached: string[] = [];

beforeAll(async () => {
  lenient = createServer((request, response) => {
    reached.push(request.url ?? "");
    response.setHeader("content-type", "application/json").end("[]");
  });
  await new Promise<void>((resolve) => lenient.listen(0, "127.0.0.1", resolve));
  const address = lenient.address();
  const port = typeof address === "object" && address ? address.port : 0;
  edge = await startEdgeGateway({ upstreams: { catalog: `http://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await edge.stop();
  await new Promise((resolve) => lenient.close(resolve));
});

describe("query strings with invalid percent-encoding", () => {
  const message =
    "The query string is not valid: each % must begin a percent-encoded UTF-8 character, such as %20.";

  it("reach the owner when they are well encoded", async () => {
    expect((await edge.gateway.inject({ url: "/api/youtube/search?query=a%C3%A9" })).statusCode).toBe(200);
    expect(reached).toEqual(["/api/youtube/search?query=a%C3%A9"]);
    reached.length = 0;
  });

  it.each(["/api/youtube/search?query=a%C0", "/api/youtube/search?query=%", "/api/user/channels?x=%E0%A4"])(
    "are a 400 with a message from the gateway itself, forwarding nothing: %s",
    async (url) => {
      const response = await edge.gateway.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(reached).toEqual([]);
    },
  );

  // The recorder is built as catalog is, on the shared service app, so this is catalog's own refusal.
  it("are a 400 with a message from a service reached directly", async () => {
    const response = await fetch(`${edge.catalog.url}/api/youtube/search?query=a%C0`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});
