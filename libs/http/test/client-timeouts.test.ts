import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../src/create-service-app.ts";
import { portOf, requestText, sendRaw } from "./support/raw-http.ts";

const REQUEST_MS = 1_000;
let app: ServiceApp;
let port: number;

beforeAll(async () => {
  app = createServiceApp({
    name: "probe",
    logLevel: "silent",
    timeouts: { requestMs: REQUEST_MS, idleMs: 5_000 },
  });
  app.post("/things", async () => ({ ok: true }));
  // Answers after longer than a client is given to send: only receiving the request is timed.
  app.get("/slow-answer", async () => {
    await new Promise((resolve) => setTimeout(resolve, REQUEST_MS * 1.5));
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = portOf(app);
});
afterAll(() => app.close());

const TIMED_OUT = { message: "The request took too long to arrive. Please send it again." };

describe("a client too slow to send its request", () => {
  it("is answered 408 with a message and cut off, when its body comes one byte at a time", async () => {
    const head = requestText("POST /things HTTP/1.1", {
      "content-type": "application/json",
      "content-length": "40",
    });
    const answer = await sendRaw(port, [head, ...'{"name":"a slow body that never ends"'], { gapMs: 300 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(TIMED_OUT);
    // Cut off within the allowed time and one check of Node's, long before the body could have arrived.
    expect(answer.elapsedMs).toBeLessThan(REQUEST_MS * 3);
  });

  it("is answered 408 when its headers come one at a time", async () => {
    const pieces = [
      "GET /slow-answer HTTP/1.1\r\n",
      ...Array.from({ length: 20 }, (_, i) => `x-h${i}: 1\r\n`),
    ];
    const answer = await sendRaw(port, pieces, { gapMs: 300 });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual(TIMED_OUT);
    expect(answer.elapsedMs).toBeLessThan(REQUEST_MS * 3);
  });

  it("is not a server slow to answer: a request sent at once is answered however long that takes", async () => {
    const answer = await sendRaw(port, [requestText("GET /slow-answer HTTP/1.1")]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
  });
});

describe("the timeouts a service runs with", () => {
  it("are production's when not given: 30 s to send a request, 2 minutes of silence", async () => {
    const service = createServiceApp({ name: "probe", logLevel: "silent" });
    await service.ready();
    expect(service.server.requestTimeout).toBe(30_000);
    expect(service.server.headersTimeout).toBe(30_000);
    expect(service.server.timeout).toBe(120_000);
    await service.close();
  });
});
