import { connect } from "node:net";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../src/create-service-app.ts";

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
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/**
 * Writes a request a piece every `gapMs` on one connection, as a slow (or hostile) client does, and
 * reads until the server closes it; gives up after 10 s, long after any refusal is due.
 */
function trickle(pieces: readonly string[], gapMs: number): Promise<{ answer: string; elapsedMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    const timers = pieces.map((piece, index) =>
      setTimeout(() => socket.destroyed || socket.write(piece), index * gapMs),
    );
    timers.push(setTimeout(() => socket.destroy(), 10_000));
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      for (const timer of timers) clearTimeout(timer);
      resolve({ answer: Buffer.concat(received).toString("utf8"), elapsedMs: Date.now() - started });
    });
  });
}

const TIMED_OUT = '{"message":"The request took too long to arrive. Please send it again."}';

describe("a client too slow to send its request", () => {
  it("is answered 408 with a message and cut off, when its body comes one byte at a time", async () => {
    const head =
      "POST /things HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 40\r\n\r\n";
    const { answer, elapsedMs } = await trickle([head, ...'{"name":"a slow body that never ends"'], 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer.endsWith(`\r\n\r\n${TIMED_OUT}`)).toBe(true);
    // Within the allowed time and one of Node's checks, long before the body could have arrived.
    expect(elapsedMs).toBeLessThan(REQUEST_MS * 3);
  });

  it("is answered 408 when its headers come one at a time", async () => {
    const pieces = [
      "GET /slow-answer HTTP/1.1\r\n",
      ...Array.from({ length: 20 }, (_, i) => `x-h${i}: 1\r\n`),
    ];
    const { answer, elapsedMs } = await trickle(pieces, 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer.endsWith(`\r\n\r\n${TIMED_OUT}`)).toBe(true);
    expect(elapsedMs).toBeLessThan(REQUEST_MS * 3);
  });

  it("is not a server slow to answer: a request sent at once is answered however long that takes", async () => {
    const answer = await rawHttpRequest(port, { target: "/slow-answer" });
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
