import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

/** One channel search as it reaches the gateway: from `peer`, with the X-Forwarded-For the proxies built. */
const search = (edge: EdgeGateway, peer: string, forwardedFor: string) =>
  edge.gateway.inject({
    url: "/api/youtube/search?query=cooking",
    remoteAddress: peer,
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("the search limit behind one load balancer (TRUST_PROXY=1)", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({ real: true, settings: { trustProxy: 1, searchRateLimit: 1 } });
  });
  afterAll(() => edge.stop());

  it("counts a client once, whatever it writes in X-Forwarded-For itself", async () => {
    // The client at 203.0.113.5 writes an address of its choice; the load balancer (10.0.0.1) appends the
    // one it saw.
    expect((await search(edge, "10.0.0.1", "1.1.1.1, 203.0.113.5")).statusCode).toBe(200);
    expect((await search(edge, "10.0.0.1", "2.2.2.2, 203.0.113.5")).statusCode).toBe(429);
    expect((await search(edge, "10.0.0.1", "203.0.113.5")).statusCode).toBe(429);
  });

  it("still tells clients apart", async () => {
    expect((await search(edge, "10.0.0.1", "1.1.1.1, 203.0.113.6")).statusCode).toBe(200);
  });
});

describe("the search limit with the proxies named (TRUST_PROXY=10.0.0.0/8)", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({
      real: true,
      settings: { trustProxy: ["10.0.0.0/8"], searchRateLimit: 1 },
    });
  });
  afterAll(() => edge.stop());

  it("ignores X-Forwarded-For from a peer outside the list", async () => {
    expect((await search(edge, "198.51.100.7", "1.1.1.1")).statusCode).toBe(200);
    expect((await search(edge, "198.51.100.7", "2.2.2.2")).statusCode).toBe(429);
  });

  it("takes the client's address from a listed proxy", async () => {
    expect((await search(edge, "10.1.2.3", "9.9.9.9, 203.0.113.5")).statusCode).toBe(200);
    expect((await search(edge, "10.4.5.6", "8.8.8.8, 203.0.113.5")).statusCode).toBe(429);
    expect((await search(edge, "10.1.2.3", "203.0.113.7")).statusCode).toBe(200);
  });
});
