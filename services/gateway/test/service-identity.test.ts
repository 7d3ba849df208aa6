import { CALLER_HEADER, CALLER_PROOF_HEADER, callerHeaders, SESSION_USER_HEADER } from "@tubedigest/http";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  IDENTITY_SECRET,
  PREVIOUS_IDENTITY_SECRET,
  sharedTestStack,
  type TestStack,
} from "./test-stack.ts";

let stack: TestStack;
beforeAll(async () => {
  stack = await sharedTestStack("real");
});

describe("a service's port reached without the gateway", () => {
  let userId: string;
  const email = `${uniqueName("direct")}@example.com`;

  beforeAll(async () => {
    // Signing up needs no caller: auth names the new account in its session directive.
    const made = await fetch(`${stack.services.auth}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "password123" }),
    });
    expect(made.status).toBe(201);
    userId = made.headers.get(SESSION_USER_HEADER) ?? "";
  });

  const calls = [
    { service: "auth", method: "GET", path: "/internal/account-summary" },
    { service: "auth", method: "PATCH", path: "/api/user/profile", body: { fullName: "Changed" } },
    { service: "catalog", method: "GET", path: "/api/user/channels" },
    { service: "catalog", method: "GET", path: "/internal/account-summary" },
  ] as const;

  const call = (target: (typeof calls)[number], headers: Record<string, string>) =>
    fetch(`${stack.services[target.service]}${target.path}`, {
      method: target.method,
      headers: { ...headers, ...("body" in target ? { "content-type": "application/json" } : {}) },
      ...("body" in target ? { body: JSON.stringify({ ...target.body, email }) } : {}),
    });

  it.each(calls)(
    "$service $method $path refuses a caller named without the gateway's proof",
    async (target) => {
      const genuine = callerHeaders(IDENTITY_SECRET, userId, "req-genuine");
      const forgeries: Record<string, string>[] = [
        { [CALLER_HEADER]: userId },
        { [CALLER_HEADER]: userId, [CALLER_PROOF_HEADER]: "v1.1700000000.forged" },
        callerHeaders("a-secret-that-is-not-the-gateways-0123456789", userId, "req-forged"),
        // A proof seen on the way, replayed with a request id of the replayer's own.
        { ...genuine, "x-request-id": "req-replayed" },
      ];
      for (const headers of forgeries) {
        const response = await call(target, headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ message: "Please sign in to continue." });
      }
    },
  );

  it("answers the same calls with the gateway's proof, where no forged change went through", async () => {
    const summary = async () =>
      (await call(calls[0], callerHeaders(IDENTITY_SECRET, userId, "req-check"))).json();
    expect(await summary()).toEqual({ email, fullName: null });
    for (const target of calls) {
      expect((await call(target, callerHeaders(IDENTITY_SECRET, userId, "req-signed"))).status).toBe(200);
    }
    expect(await summary()).toEqual({ email, fullName: "Changed" });
  });

  it("is reached by the gateway itself with its proof", async () => {
    const browser = new Browser(stack.gateway);
    const other = `${uniqueName("signed")}@example.com`;
    await browser.call("POST", "/api/auth/register", { email: other, password: "password123" });
    const me = await browser.call("GET", "/api/auth/current-user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: other, channelCount: 0 });
  });
});

describe("every service while IDENTITY_SECRET is rotated", () => {
  let userId: string;

  beforeAll(async () => {
    const made = await fetch(`${stack.services.auth}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `${uniqueName("rotation")}@example.com`, password: "password123" }),
    });
    userId = made.headers.get(SESSION_USER_HEADER) ?? "";
  });

  // A route of each that answers only a proved caller.
  const routes = [
    { service: "auth", path: "/internal/account-summary" },
    { service: "catalog", path: "/internal/account-summary" },
    { service: "billing", path: "/internal/account-summary" },
    { service: "summariser", path: "/api/single-summaries" },
    { service: "mailer", path: "/api/user/email-delivery" },
  ] as const;

  it.each(routes)(
    "$service believes a caller proved with the previous secret, which it is given",
    async (route) => {
      const response = await fetch(`${stack.services[route.service]}${route.path}`, {
        headers: callerHeaders(PREVIOUS_IDENTITY_SECRET, userId, "req-before-rotation"),
      });
      expect(response.status).not.toBe(401);
    },
  );
});
