import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";
import { HttpError } from "./http-error.ts";
import { EmailAddress, ErrorReply } from "./schemas.ts";

let ready = true;
let brokerUp = true;
let app: ServiceApp;

beforeAll(async () => {
  app = createServiceApp({
    name: "probe",
    logLevel: "silent",
    readiness: {
      essential: { database: async () => ready },
      degradable: { broker: async () => brokerUp },
    },
  });
  app.post(
    "/things",
    {
      schema: {
        body: Type.Object(
          { email: EmailAddress, count: Type.Integer({ minimum: 0, maximum: 10 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ email: Type.String() }), "4xx": ErrorReply },
      },
    },
    async (request) => ({ email: request.body.email }),
  );
  app.get("/conflict", async () => {
    throw new HttpError(409, "Already there");
  });
  app.get("/unavailable", async () => {
    throw new HttpError(503, "The video service is busy. Try again in a minute.");
  });
  app.get("/boom", async () => {
    throw new Error("database password is hunter2");
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string, contentType = "application/json") =>
  app.inject({ method: "POST", url: "/things", payload, headers: { "content-type": contentType } });

describe("service app", () => {
  it("answers a valid request and echoes the caller's request id", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/things",
      payload: { email: "a@b.co", count: 1 },
      headers: { "x-request-id": "req-123" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toBe("req-123");
  });

  it.each([
    ['{"email":"nope","count":1}', "Please enter a valid email address"],
    ['{"email":"a@b.co","count":"1"}', "body/count must be integer"],
    ['{"email":"a@b.co","count":1,"admin":true}', 'Unknown field "admin" in body'],
    ['{"email":"a@b.co"', "The request body is not valid JSON."],
    ["", "The request body is empty; send a JSON object."],
  ])("refuses %s with a 400 and a message", async (payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("refuses a body over the limit and a foreign content type", async () => {
    expect((await post(JSON.stringify({ email: "x".repeat(70_000) }))).statusCode).toBe(413);
    const form = await post("email=a", "application/x-www-form-urlencoded");
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: "Send the request body as application/json." });
  });

  it("answers HttpError with its status and message, and hides the cause of any other failure", async () => {
    expect((await app.inject("/conflict")).json()).toEqual({ message: "Already there" });
    const unavailable = await app.inject("/unavailable");
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ message: "The video service is busy. Try again in a minute." });
    const boom = await app.inject("/boom");
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain("hunter2");
    expect((await app.inject("/nowhere")).json()).toEqual({ message: "No route for GET /nowhere" });
  });

  it("reports liveness, readiness and metrics", async () => {
    expect((await app.inject("/healthz")).json()).toEqual({ status: "ok" });
    expect((await app.inject("/readyz")).json()).toEqual({
      status: "ok",
      checks: { database: true, broker: true },
    });
    brokerUp = false;
    const degraded = await app.inject("/readyz");
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: "degraded", checks: { database: true, broker: false } });
    ready = false;
    const notReady = await app.inject("/readyz");
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: "unavailable", checks: { database: false, broker: false } });
    const metrics = await app.inject("/metrics");
    expect(metrics.body).toContain(
      'http_request_duration_seconds_count{service="probe",method="POST",route="/things",status_code="200"}',
    );
  });
});

describe("readiness details", () => {
  it("shows the service's facts beside its checks, through the reply's schema", async () => {
    const probe = createServiceApp({
      name: "probe",
      logLevel: "silent",
      readiness: { essential: {}, degradable: {}, details: () => ({ toolVersion: "2025.11.12" }) },
    });
    try {
      expect((await probe.inject("/readyz")).json()).toEqual({
        status: "ok",
        checks: {},
        details: { toolVersion: "2025.11.12" },
      });
    } finally {
      await probe.close();
    }
  });
});

describe("the client address behind proxies", () => {
  const addressOf = async (
    trustProxy: number | string[] | undefined,
    from: string,
    forwardedFor?: string,
  ): Promise<{ ip: string; protocol: string }> => {
    const probe = createServiceApp({ name: "probe", logLevel: "silent", trustProxy });
    probe.get("/ip", async (request) => ({ ip: request.ip, protocol: request.protocol }));
    const response = await probe.inject({
      url: "/ip",
      remoteAddress: from,
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" } : {},
    });
    await probe.close();
    return response.json();
  };

  it("is the peer's when no proxy is trusted, whatever X-Forwarded-For says", async () => {
    expect(await addressOf(undefined, "198.51.100.7", "1.1.1.1")).toEqual({
      ip: "198.51.100.7",
      protocol: "http",
    });
    expect((await addressOf(0, "198.51.100.7", "1.1.1.1")).ip).toBe("198.51.100.7");
  });

  it("is the one the nearest proxies saw, given their number: a client's own entries do not count", async () => {
    // The client wrote 1.1.1.1; the load balancer appended the address it saw, 203.0.113.5.
    expect(await addressOf(1, "10.0.0.1", "1.1.1.1, 203.0.113.5")).toEqual({
      ip: "203.0.113.5",
      protocol: "https",
    });
    expect((await addressOf(2, "10.0.0.1", "1.1.1.1, 203.0.113.5, 10.0.0.9")).ip).toBe("203.0.113.5");
  });

  it("believes X-Forwarded-* only from the listed proxies", async () => {
    const proxies = ["10.0.0.0/8", "192.0.2.1"];
    expect(await addressOf(proxies, "10.1.2.3", "1.1.1.1, 203.0.113.5")).toEqual({
      ip: "203.0.113.5",
      protocol: "https",
    });
    expect((await addressOf(proxies, "192.0.2.1", "203.0.113.5")).ip).toBe("203.0.113.5");
    expect(await addressOf(proxies, "198.51.100.7", "1.1.1.1")).toEqual({
      ip: "198.51.100.7",
      protocol: "http",
    });
  });
});
