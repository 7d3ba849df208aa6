import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

describe("GET /api/site", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({
      settings: { site: { supportEmail: "help@tubedigest.example", operatorName: "Tubedigest Ltd" } },
    });
  });
  afterAll(() => edge.stop());

  it("answers the support address and the operator the gateway was started with, asking no service", async () => {
    const response = await fetch(`http://127.0.0.1:${edge.port}/api/site`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      supportEmail: "help@tubedigest.example",
      operatorName: "Tubedigest Ltd",
    });
    for (const upstream of [edge.auth, edge.catalog, edge.billing, edge.summariser, edge.mailer]) {
      expect(upstream.arrivals).toEqual([]);
    }
  });
});
