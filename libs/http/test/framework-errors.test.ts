import { connect } from "node:net";
import { type RawResponse, rawHttpRequest } from "@tubedigest/testing/raw-http";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../src/create-service-app.ts";

let app: ServiceApp;
let port: number;

beforeAll(async () => {
  app = createServiceApp({ name: "probe", logLevel: "silent", bodyLimit: 1024 });
  app.get("/channels/:channelId", async () => ({ ok: true }));
  app.post("/things", { schema: { body: Type.Object({ name: Type.String() }) } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

const json = { "content-type": "application/json" };
type Request = Parameters<typeof rawHttpRequest>[1];

/**
 * Each refusal Fastify or Node makes on its own, before or instead of a route: the request as a client
 * could send it, the status, and the message, answered as `{ message }` and nothing else.
 */
const REFUSALS: [string, Request, number, string][] = [
  [
    "a path parameter over the router's limit (414)",
    { target: `/channels/${"a".repeat(300)}` },
    414,
    "The address is too long.",
  ],
  [
    "a path that is not valid percent-encoding",
    { target: "/channels/%E0%A4%A" },
    400,
    "The address is not valid: each % must begin a percent-encoded UTF-8 character, such as %20.",
  ],
  [
    "headers larger than Node reads (431)",
    { target: "/channels/UC1", headers: { "x-filler": "a".repeat(20_000) } },
    431,
    "The request's address or headers are too large.",
  ],
  [
    "an address longer than Node reads",
    { target: `/channels/UC1?q=${"a".repeat(20_000)}` },
    431,
    "The request's address or headers are too large.",
  ],
  ["something that is not HTTP", { method: "HELLO", target: "/" }, 400, "The request is not valid HTTP."],
  [
    "a body over the limit (413)",
    { method: "POST", target: "/things", headers: json, body: `{"name":"${"a".repeat(2000)}"}` },
    413,
    "The request is too large.",
  ],
  [
    "a body that is not JSON",
    { method: "POST", target: "/things", headers: json, body: '{"name":,' },
    400,
    "The request body is not valid JSON.",
  ],
  [
    "a body of another type (415)",
    { method: "POST", target: "/things", headers: { "content-type": "application/xml" }, body: "<a/>" },
    415,
    "Send the request body as application/json.",
  ],
  ["a route that does not exist (404)", { target: "/nowhere?token=x" }, 404, "No route for GET /nowhere"],
  [
    "an HTTP/1.1 request without a Host header",
    { target: "/channels/UC1", headers: { host: undefined } },
    400,
    "The request has no Host header, which HTTP/1.1 requires.",
  ],
];

describe("every refusal Fastify or Node makes itself", () => {
  it.each(REFUSALS)(
    "answers %s with its status and a { message }",
    async (_what, request, status, message) => {
      const answer: RawResponse = await rawHttpRequest(port, request);
      expect(answer.status).toBe(status);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ message });
    },
  );
});

describe("a request arriving while the service shuts down", () => {
  it("is answered 503 with a { message } on its kept-alive connection, after the one in flight", async () => {
    const closing = createServiceApp({ name: "probe", logLevel: "silent" });
    let entered: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => {
      entered = resolve;
    });
    closing.get("/slow", async () => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    closing.get("/things", async () => ({ ok: true }));
    await closing.listen({ port: 0, host: "127.0.0.1" });
    const socket = connect((closing.server.address() as { port: number }).port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (chunk) => received.push(chunk));
    const ended = new Promise((resolve) => socket.on("close", resolve));
    socket.write("GET /slow HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
    await slowStarted;
    const closed = closing.close();
    socket.write("GET /things HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n");
    await Promise.all([ended, closed]);

    const [first = "", second = ""] = Buffer.concat(received)
      .toString("utf8")
      .split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\ncontent-type: application\/json/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(second.slice(second.indexOf("\r\n\r\n") + 4))).toEqual({
      message: "This server is shutting down. Please try again in a moment.",
    });
  });
});
