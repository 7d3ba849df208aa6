import { rawHttpRequest } from "@tubedigest/testing/raw-http";
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

describe("the sign-in and hidden tool limits for IPv6 clients (TRUST_PROXY=1)", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({
      real: true,
      settings: { trustProxy: 1, signInRateLimit: { max: 10, windowSeconds: 60 }, summaryToolRateLimit: 5 },
    });
  });
  afterAll(() => edge.stop());

  /** A password try as the load balancer in front hands it on: from `client`, last in X-Forwarded-For. */
  const post = async (target: string, client: string, password: string) =>
    (
      await rawHttpRequest(edge.port, {
        method: "POST",
        target,
        headers: { "content-type": "application/json", "x-forwarded-for": client },
        body: JSON.stringify({ email: "someone@example.com", youtubeUrl: "youtu.be/dQw4w9WgXcQ", password }),
      })
    ).status;
  /** Twelve addresses of one /64, as one home's devices or one host's addresses are given. */
  const addressesOf = (network: string) => Array.from({ length: 12 }, (_, i) => `${network}:${i}::${i + 1}`);

  it("counts twelve wrong passwords from twelve addresses of one /64 as one client's", async () => {
    const statuses = [];
    for (const [i, client] of addressesOf("2001:db8:7:1").entries()) {
      statuses.push(await post("/api/auth/login", client, `guess-${i}`));
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(edge.auth.arrivals).toHaveLength(10);
    expect(await post("/api/auth/login", "2001:DB8:7:0001::1", "guess")).toBe(429);
    expect(await post("/api/auth/login", "2001:db8:7:2::1", "guess")).toBe(200);
  });

  it("counts the hidden tool's password tries from twelve addresses of one /64 as one client's", async () => {
    const statuses = [];
    for (const [i, client] of addressesOf("2001:db8:8:1").entries()) {
      statuses.push(await post("/api/process-youtube-video", client, `guess-${i}`));
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    expect(edge.summariser.arrivals).toHaveLength(5);
    expect(await post("/api/process-youtube-video", "2001:db8:8:2::1", "guess")).toBe(200);
  });
});
