import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOtlpReceiver, startFakeOtlpReceiver } from "./fake-otlp-receiver.ts";

/** One span in OTLP/JSON, as an exporter sends it. */
const exportRequest = {
  resourceSpans: [
    {
      resource: { attributes: [{ key: "service.name", value: { stringValue: "catalog" } }] },
      scopeSpans: [
        {
          spans: [
            {
              traceId: "0af7651916cd43dd8448eb211c80319c",
              spanId: "b7ad6b7169203331",
              parentSpanId: "",
              name: "GET /api/channels/search",
              kind: 2,
              attributes: [
                { key: "http.response.status_code", value: { intValue: "200" } },
                { key: "url.path", value: { stringValue: "/api/channels/search" } },
              ],
              status: { code: 0 },
            },
          ],
        },
      ],
    },
  ],
};

describe("the fake OTLP receiver", () => {
  let collector: FakeOtlpReceiver;
  beforeAll(async () => {
    collector = await startFakeOtlpReceiver();
  });
  afterAll(() => collector.close());

  const send = (body: string | Buffer, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${collector.endpoint}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
      signal: signal ?? null,
    });

  it("takes OTLP/JSON, gzipped or not, and flattens its spans", async () => {
    expect((await send(JSON.stringify(exportRequest))).status).toBe(200);
    expect((await send(gzipSync(JSON.stringify(exportRequest)), { "content-encoding": "gzip" })).status).toBe(
      200,
    );
    expect(collector.spans()).toHaveLength(2);
    expect(collector.spans()[0]).toEqual({
      service: "catalog",
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "b7ad6b7169203331",
      parentSpanId: "",
      name: "GET /api/channels/search",
      kind: 2,
      attributes: { "http.response.status_code": 200, "url.path": "/api/channels/search" },
      statusCode: 0,
    });
  });

  it("refuses protobuf, unreadable bodies and other paths", async () => {
    expect((await send("\u0000\u0001", { "content-type": "application/x-protobuf" })).status).toBe(415);
    expect((await send("{not json")).status).toBe(400);
    expect((await fetch(`${collector.endpoint}/v1/metrics`, { method: "POST" })).status).toBe(404);
  });

  it("meets the faults it was told to, in order, then takes spans again", async () => {
    const before = collector.spans().length;
    collector.fail("unavailable", 1);
    collector.fail("rate-limited", 1);
    collector.fail("bad-request", 1);
    collector.fail("slow", 1);
    expect((await send(JSON.stringify(exportRequest))).status).toBe(503);
    const limited = await send(JSON.stringify(exportRequest));
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "1"]);
    expect((await send(JSON.stringify(exportRequest))).status).toBe(400);
    await expect(send(JSON.stringify(exportRequest), {}, AbortSignal.timeout(300))).rejects.toThrow();
    expect((await send(JSON.stringify(exportRequest))).status).toBe(200);
    expect(collector.spans().length).toBe(before + 1);
    expect(collector.refused).toBe(4);
  });
});
