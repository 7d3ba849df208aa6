import { listenForMetrics } from "@tubedigest/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./test-stack.ts";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack("embedded");
});
afterAll(() => stack.stop());

describe("the gateway's metrics", () => {
  it("are not answered on its public port, only on their own listener", async () => {
    expect((await stack.gateway.inject("/metrics")).statusCode).toBe(404);
    const url = await listenForMetrics(stack.gateway, { port: 0, host: "127.0.0.1" });
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('service="gateway"');
  });
});
