import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../src/create-service-app.ts";

const REBINDING = "rebind.attacker.example";

/** A service app with one route that counts what reaches it, listening on a loopback port. */
async function probe(loopbackOnly: boolean) {
  const app: ServiceApp = createServiceApp({ name: "probe", logLevel: "silent", loopbackOnly });
  const handled: string[] = [];
  app.get("/dev/mailbox", async (request) => {
    handled.push(request.url);
    return { messages: [] };
  });
  app.post("/things", async (request) => {
    handled.push(request.url);
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, handled, port: (app.server.address() as { port: number }).port };
}

describe("a service app made loopback only", () => {
  let service: Awaited<ReturnType<typeof probe>>;
  beforeAll(async () => {
    service = await probe(true);
  });
  afterAll(() => service.app.close());

  it("answers at localhost, 127.0.0.1 and [::1], as the product's own calls address it", async () => {
    for (const host of ["localhost", `127.0.0.1:${service.port}`, `[::1]:${service.port}`]) {
      const answer = await rawHttpRequest(service.port, { target: "/dev/mailbox", headers: { host } });
      expect(answer.status, host).toBe(200);
    }
    const called = await fetch(`http://127.0.0.1:${service.port}/dev/mailbox`);
    expect(called.status).toBe(200);
  });

  it("refuses another name with a 421 before any route, a missing one or one with a body included", async () => {
    const before = service.handled.length;
    for (const request of [
      { target: "/dev/mailbox" },
      { target: "/no-such-route" },
      { method: "POST", target: "/things", headers: { "content-type": "application/json" }, body: "{}" },
    ]) {
      const answer = await rawHttpRequest(service.port, {
        ...request,
        headers: { ...request.headers, host: `${REBINDING}:${service.port}` },
      });
      expect(answer.status, request.target).toBe(421);
      expect(JSON.parse(answer.body)).toEqual({
        message: `This development server answers only at localhost, 127.0.0.1 or [::1]. Open http://localhost:${service.port} instead.`,
      });
    }
    expect(service.handled.length).toBe(before);
  });

  it("refuses a page of another origin with a 403, and takes one of this machine", async () => {
    const foreign = await rawHttpRequest(service.port, {
      target: "/dev/mailbox",
      headers: { origin: `http://${REBINDING}:${service.port}` },
    });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual({
      message: `This development server answers only pages of this machine. Open http://localhost:${service.port} instead.`,
    });
    const own = await rawHttpRequest(service.port, {
      target: "/dev/mailbox",
      headers: { origin: "http://localhost:5173" },
    });
    expect(own.status).toBe(200);
  });

  it("still answers probes by any address", async () => {
    for (const target of ["/healthz", "/readyz"]) {
      const answer = await rawHttpRequest(service.port, { target, headers: { host: "10.244.0.7:4005" } });
      expect(answer.status, target).toBe(200);
    }
  });
});

describe("a service app not made loopback only", () => {
  it("answers whatever name it is reached by, as services do behind the gateway", async () => {
    const service = await probe(false);
    const answer = await rawHttpRequest(service.port, {
      target: "/dev/mailbox",
      headers: { host: "mailer:4005", origin: "https://tubedigest.example" },
    });
    expect(answer.status).toBe(200);
    await service.app.close();
  });
});
