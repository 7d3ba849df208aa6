import { ANY_CONTENT_TYPE, hostileBodies } from "@tubedigest/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

/** Every public route of this stack, with the fields a well-formed body would have. */
const ROUTES = [
  { method: "POST", url: "/api/auth/register", fields: ["email", "password"] },
  { method: "POST", url: "/api/auth/login", fields: ["email", "password"] },
  { method: "POST", url: "/api/auth/register-with-email", fields: ["email", "channels"] },
  { method: "POST", url: "/api/auth/login-with-email", fields: ["email"] },
  { method: "POST", url: "/api/auth/sign-in-link", fields: ["email"] },
  { method: "POST", url: "/api/auth/sign-in-with-link", fields: ["token"] },
  { method: "POST", url: "/api/auth/logout", fields: [] },
  { method: "PATCH", url: "/api/user/profile", fields: ["fullName", "email"] },
  { method: "GET", url: "/api/auth/current-user", fields: [] },
  { method: "DELETE", url: "/api/auth/no-such-route", fields: [] },
] as const;

describe("bad input to every route", () => {
  let stack: TestStack;
  let signedIn: Browser;
  beforeAll(async () => {
    stack = await startTestStack("real");
    signedIn = new Browser(stack.gateway);
    await signedIn.call("POST", "/api/auth/register", {
      email: `fuzz${Date.now()}@example.com`,
      password: "password123",
    });
  });
  afterAll(() => stack.stop());

  for (const route of ROUTES) {
    it(`${route.method} ${route.url} answers 4xx with a message, never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileBodies(route.fields),
          ANY_CONTENT_TYPE,
          fc.boolean(),
          async (body, contentType, withSession) => {
            const browser = withSession ? signedIn : new Browser(stack.gateway);
            const response = await browser.call(
              route.method,
              route.url,
              route.method === "GET" ? undefined : body,
              {
                "content-type": contentType,
              },
            );
            expect(response.statusCode).toBeLessThan(500);
            if (response.statusCode >= 400) expect(typeof response.json().message).toBe("string");
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
