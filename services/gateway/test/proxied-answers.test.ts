import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

const SMALL = JSON.stringify({ channels: [{ id: "UC1", title: "Ünïcode ✓" }] });
/** Past the size the gateway reads whole before sending on: this one streams. */
const LARGE = "x".repeat(200 * 1024);

/**
 * Stands in for catalog with answers of every shape a service sends: small with a length, large with a
 * length, of no stated length (chunked), and one that ends before the length it promised.
 */
function startShapedUpstream(): Promise<Server> {
  const server = createServer((request, response) => {
    const shape = new URL(request.url ?? "/", "http://upstream").searchParams.get("shape");
    if (shape === "small") {
      response.writeHead(201, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(SMALL),
        "x-answer": "small",
      });
      response.end(request.method === "HEAD" ? undefined : SMALL);
    } else if (shape === "large") {
      response.writeHead(200, { "content-type": "text/plain", "content-length": LARGE.length });
      response.end(LARGE);
    } else if (shape === "chunked") {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write(LARGE.slice(0, 1000));
      setTimeout(() => response.end(LARGE.slice(1000)), 20);
    } else {
      response.writeHead(200, { "content-type": "application/json", "content-length": 5000 });
      response.write('{"cut":');
      setTimeout(() => response.socket?.destroy(), 20);
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("answers the gateway passes on from a service", () => {
  let upstream: Server;
  let edge: EdgeGateway;
  beforeAll(async () => {
    upstream = await startShapedUpstream();
    const { port } = upstream.address() as AddressInfo;
    edge = await startEdgeGateway({ upstreams: { catalog: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await edge.stop();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const get = (shape: string, method = "GET") =>
    rawHttpRequest(edge.port, { method, target: `/api/user/channels?shape=${shape}` });

  it("a small answer whole: status, body byte for byte, its length and its own headers", async () => {
    const answer = await get("small");
    expect(answer.status).toBe(201);
    expect(answer.body).toBe(SMALL);
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(SMALL)));
    expect(answer.headers["x-answer"]).toBe("small");
  });

  it("a large answer and one of no stated length, every byte", async () => {
    const large = await get("large");
    expect(large.status).toBe(200);
    expect(large.body).toBe(LARGE);
    const chunked = await get("chunked");
    expect(chunked.status).toBe(200);
    expect(chunked.body).toBe(LARGE);
  });

  it("a HEAD answer with the length and no body", async () => {
    const answer = await get("small", "HEAD");
    expect(answer.status).toBe(201);
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(SMALL)));
    expect(answer.body).toBe("");
  });

  it("answers a small answer cut short with an error the browser can read, and goes on serving", async () => {
    const cut = await get("cut-short");
    expect(cut.status).toBe(500);
    expect(JSON.parse(cut.body)).toEqual({ message: expect.any(String) });
    expect(cut.body).not.toContain("cut");
    expect((await get("small")).body).toBe(SMALL);
  });
});
