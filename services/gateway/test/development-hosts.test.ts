import { loadConfig } from "@tubedigest/config";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayEnvironment, gatewaySettingsFrom } from "../src/config.ts";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

const mailboxArrivals = (edge: EdgeGateway) =>
  edge.mailer.arrivals.filter((arrival) => arrival.url.startsWith("/dev/mailbox"));

describe("the development gateway answers only for this machine", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({ settings: { loopbackOnly: true, devMailbox: true } });
  });
  afterAll(() => edge.stop());

  it.each(["localhost", "127.0.0.1", "[::1]", "LOCALHOST"])(
    "forwards the mailbox asked for at %s, with or without the port",
    async (name) => {
      for (const host of [name, `${name}:${edge.port}`]) {
        const before = mailboxArrivals(edge).length;
        const response = await rawHttpRequest(edge.port, { target: "/dev/mailbox", headers: { host } });
        expect(response.status, host).not.toBe(421);
        expect(mailboxArrivals(edge).length, host).toBe(before + 1);
      }
    },
  );

  it.each([
    // DNS rebinding: the attacker's own name, pointed at 127.0.0.1 after the page loaded.
    "rebind.attacker.example:3000",
    "rebind.attacker.example",
    "127.0.0.1.nip.io:3000",
    "localhost.attacker.example:3000",
    "192.168.1.20:3000",
    "[::2]:3000",
    "localhost:3000:80",
    "",
  ])("refuses Host %j with a 421 saying which address to open, and forwards nothing", async (host) => {
    const before = mailboxArrivals(edge).length;
    const response = await rawHttpRequest(edge.port, { target: "/dev/mailbox", headers: { host } });
    expect(response.status).toBe(421);
    expect(JSON.parse(response.body)).toEqual({
      message: expect.stringMatching(
        /^This development server answers only at localhost, 127\.0\.0\.1 or \[::1\]\. Open http:\/\/localhost(:\d+)? instead\.$/,
      ),
    });
    expect(mailboxArrivals(edge).length).toBe(before);
  });

  it("names the port the request was sent to in the address to open, under the security headers", async () => {
    const response = await rawHttpRequest(edge.port, {
      target: "/dev/mailbox",
      headers: { host: "rebind.attacker.example:3000" },
    });
    expect(JSON.parse(response.body).message).toContain("Open http://localhost:3000 instead.");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses a request a page of another origin sends, even to localhost, with a 403", async () => {
    const before = mailboxArrivals(edge).length;
    for (const origin of ["http://rebind.attacker.example:3000", "https://evil.example", "null"]) {
      const response = await rawHttpRequest(edge.port, {
        target: "/dev/mailbox",
        headers: { host: `localhost:${edge.port}`, origin },
      });
      expect(response.status, origin).toBe(403);
      expect(JSON.parse(response.body)).toEqual({
        message: `This development server answers only pages of this machine. Open http://localhost:${edge.port} instead.`,
      });
    }
    expect(mailboxArrivals(edge).length).toBe(before);
  });

  it("takes a request from a page of this machine, on any port (the web app's own dev server)", async () => {
    for (const origin of [`http://localhost:${edge.port}`, "http://127.0.0.1:5173", "http://[::1]:3000"]) {
      const response = await rawHttpRequest(edge.port, {
        target: "/dev/mailbox",
        headers: { host: `localhost:${edge.port}`, origin },
      });
      expect(response.status, origin).not.toBe(403);
    }
  });

  it("still answers probes asked by the pod's address", async () => {
    for (const target of ["/healthz", "/readyz"]) {
      const response = await rawHttpRequest(edge.port, { target, headers: { host: "10.244.0.7:3000" } });
      expect(response.status, target).toBe(200);
    }
  });
});

describe("the gateway outside development", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway();
  });
  afterAll(() => edge.stop());

  it("answers whatever name it is reached by", async () => {
    const response = await rawHttpRequest(edge.port, {
      target: "/api/youtube/search?query=cooking",
      headers: { host: "tubedigest.example" },
    });
    expect(response.status).toBe(200);
    expect(edge.catalog.arrivals).toHaveLength(1);
  });

  it("is told to answer only this machine by APP_ENV=development alone", () => {
    const env = (APP_ENV: string) =>
      loadConfig(GatewayEnvironment, {
        APP_ENV,
        REDIS_URL: "redis://127.0.0.1:6379",
        SESSION_SECRET: "session-secret-for-tests-only-0123456789",
        IDENTITY_SECRET: "identity-secret-for-tests-only-0123456789",
        AUTH_URL: "http://auth:4001",
        CATALOG_URL: "http://catalog:4002",
        BILLING_URL: "http://billing:4003",
        SUMMARISER_URL: "http://summariser:4004",
        MAILER_URL: "http://mailer:4005",
        SUPPORT_EMAIL: "help@tubedigest.example",
        OPERATOR_NAME: "Tubedigest Ltd",
      });
    expect(gatewaySettingsFrom(env("development")).loopbackOnly).toBe(true);
    expect(gatewaySettingsFrom(env("production")).loopbackOnly).toBe(false);
  });
});
