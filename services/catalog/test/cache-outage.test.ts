import { createTestBus, type TestBus } from "@tubedigest/bus/testing";
import type { ServiceApp } from "@tubedigest/http";
import { unusedPort } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "@tubedigest/testing/youtube";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogApp } from "../src/app.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

describe("search while the Redis cache is down", () => {
  let app: ServiceApp;
  let fake: FakeYoutubeApi;
  let drop: () => Promise<void>;
  let testBus: TestBus;

  beforeAll(async () => {
    const schema = await createTestSchema("catalog");
    drop = schema.drop;
    fake = await startFakeYoutubeApi();
    fake.addChannel(fakeChannel({ title: "Still searchable" }));
    testBus = await createTestBus("in-process");
    app = await buildCatalogApp(
      {
        identitySecret: "i".repeat(40),
        database: { url: schema.url, schema: schema.schema },
        redisUrl: `redis://127.0.0.1:${await unusedPort()}`,
        youtube: { apiKey: "test-api-key", rootUrl: fake.rootUrl, dailyQuotaUnits: 10_000 },
      },
      { log: pino({ level: "silent" }), events: testBus.bus },
    );
  });
  afterAll(async () => {
    await testBus.cleanup();
    await app.close();
    await fake.close();
    await drop();
  });

  it("answers from YouTube instead of failing", async () => {
    const response = await app.inject("/api/youtube/search?query=still");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([{ snippet: { title: "Still searchable" } }]);
  });

  it("reports itself degraded, not unavailable, on /readyz", async () => {
    const response = await app.inject("/readyz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "degraded",
      checks: { database: true, broker: true, cache: false },
    });
  });
});
