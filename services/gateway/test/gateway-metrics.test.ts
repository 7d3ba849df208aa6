import { listenForMetrics } from "@tubedigest/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

let edge: EdgeGateway;
beforeAll(async () => {
  edge = await startEdgeGateway();
});
afterAll(() => edge.stop());

describe("the gateway's metrics", () => {
  it("are not answered on its public port, only on their own listener", async () => {
    expect((await edge.gateway.inject("/metrics")).statusCode).toBe(404);
    const url = await listenForMetrics(edge.gateway, { port: 0, host: "127.0.0.1" });
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('service="gateway"');
  });
});
