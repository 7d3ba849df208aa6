import { createRabbitMqBus, type EventBus } from "@tubedigest/bus";
import type { ServiceApp } from "@tubedigest/http";
import { startTcpProxy, type TcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuthApp } from "../src/app.ts";

async function readiness(app: ServiceApp, want: string): Promise<{ statusCode: number; body: unknown }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await app.inject("/readyz");
    if (response.json().status === want || Date.now() > deadline)
      return { statusCode: response.statusCode, body: response.json() };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("auth readiness while the broker comes and goes", () => {
  let proxy: TcpProxy;
  let events: EventBus;
  let app: ServiceApp;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const broker = new URL(testInfra.amqpUrl);
    proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
    const log = pino({ level: "silent" });
    events = await createRabbitMqBus({
      url: proxy.urlThrough(testInfra.amqpUrl),
      exchange: uniqueName("test.events"),
      log,
      reconnect: { initialDelayMs: 50, maxDelayMs: 200 },
    });
    const schema = await createTestSchema("auth");
    drop = schema.drop;
    app = await buildAuthApp(
      {
        secureCookies: false,
        claimSecret: "x".repeat(40),
        identitySecret: "i".repeat(40),
        database: { url: schema.url, schema: schema.schema },
      },
      { log, events },
    );
  });
  afterAll(async () => {
    await app.close();
    await events.close();
    await proxy.close();
    await drop();
  });

  it("stays in rotation but reports the broker while it is unreachable, and recovers", async () => {
    expect(await readiness(app, "ok")).toEqual({
      statusCode: 200,
      body: { status: "ok", checks: { database: true, broker: true } },
    });
    proxy.refuseConnections();
    proxy.dropConnections();
    expect(await readiness(app, "degraded")).toEqual({
      statusCode: 200,
      body: { status: "degraded", checks: { database: true, broker: false } },
    });
    // Sign-ups still work: their events wait in the outbox.
    const signup = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: `${uniqueName("offline")}@example.com`, password: "password123" },
    });
    expect(signup.statusCode).toBe(201);
    proxy.acceptConnections();
    expect((await readiness(app, "ok")).body).toMatchObject({ status: "ok" });
  });
});
