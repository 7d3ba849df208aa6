import { MALFORMED_QUERY } from "@tubedigest/http";
import {
  ANY_CONTENT_TYPE,
  emailAddress,
  hasInvalidPercentEncoding,
  hostileBodies,
  hostileQueries,
  hostileText,
  nearValid,
  urlSpellings,
  youtubeChannelId,
} from "@tubedigest/testing/hostile-input";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { uniqueName } from "@tubedigest/testing/test-infra";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

const password = fc.string({ unit: "grapheme", minLength: 8, maxLength: 40 });
const title = fc.string({ unit: "grapheme", maxLength: 60 });
/** A mailed link's token, as its page posts it. */
const linkToken = fc.base64String({ minLength: 43, maxLength: 44 });
/** A channel as the landing page sends it with a sign-up. */
const signupChannel = fc.record({
  youtubeId: youtubeChannelId,
  title,
  description: fc.string({ unit: "grapheme", maxLength: 200 }),
  thumbnailUrl: fc.webUrl(),
  subscriberCount: fc.oneof(fc.nat(), fc.nat().map(String)),
});

/** Every public route of this stack, with generators of the valid values of its body's fields. */
const ROUTES = [
  { method: "POST", url: "/api/auth/register", fields: { email: emailAddress, password } },
  { method: "POST", url: "/api/auth/login", fields: { email: emailAddress, password } },
  { method: "POST", url: "/api/auth/password-reset", fields: { email: emailAddress } },
  { method: "POST", url: "/api/auth/password-reset/preview", fields: { token: linkToken } },
  { method: "POST", url: "/api/auth/reset-password", fields: { token: linkToken, newPassword: password } },
  {
    method: "POST",
    url: "/api/auth/register-with-email",
    fields: { email: emailAddress, channels: fc.array(signupChannel, { maxLength: 3 }) },
  },
  { method: "POST", url: "/api/auth/login-with-email", fields: { email: emailAddress } },
  { method: "POST", url: "/api/auth/sign-in-link", fields: { email: emailAddress } },
  {
    method: "POST",
    url: "/api/auth/sign-in-with-link",
    fields: { token: fc.base64String({ minLength: 43, maxLength: 44 }) },
  },
  { method: "POST", url: "/api/auth/logout", fields: {} },
  {
    method: "PATCH",
    url: "/api/user/profile",
    fields: { fullName: fc.string({ unit: "grapheme", maxLength: 40 }), email: emailAddress },
  },
  {
    method: "POST",
    url: "/api/user/channels",
    fields: {
      youtubeChannelId,
      title,
      description: title,
      thumbnailUrl: fc.webUrl(),
      subscriberCount: fc.nat(),
    },
  },
  // The account's settings.
  { method: "POST", url: "/api/user/password", fields: { currentPassword: password, newPassword: password } },
  { method: "POST", url: "/api/user/email", fields: { email: emailAddress, currentPassword: password } },
  { method: "POST", url: "/api/user/email/confirm/preview", fields: { token: linkToken } },
  { method: "POST", url: "/api/user/email/confirm", fields: { token: linkToken } },
  {
    method: "POST",
    url: "/api/user/deliveries/pause",
    fields: {
      until: fc.oneof(
        fc.constant(null),
        fc.date().map((date) => date.toISOString().slice(0, 10)),
      ),
    },
  },
  { method: "POST", url: "/api/user/deliveries/resume", fields: {} },
  { method: "DELETE", url: "/api/user/account", fields: { email: emailAddress, currentPassword: password } },
  {
    method: "PUT",
    url: "/api/user/delivery-time",
    fields: { weekday: fc.integer({ min: 1, max: 7 }), hour: fc.integer({ min: 0, max: 23 }) },
  },
  { method: "POST", url: "/api/user/feed", fields: {} },
  { method: "POST", url: "/api/user/feed/reset", fields: {} },
  {
    method: "POST",
    url: "/api/shared-summaries",
    fields: { newsletterId: fc.uuid(), videoUrl: fc.webUrl() },
  },
  { method: "GET", url: "/api/auth/current-user", fields: {} },
  { method: "GET", url: "/api/user/channels", fields: {} },
  { method: "DELETE", url: "/api/auth/no-such-route", fields: {} },
] as const;

/** Routes that read a query string, with generators of the valid values of its parameters. */
const QUERY_ROUTES = [
  {
    url: "/api/youtube/search",
    params: { query: fc.string({ unit: "grapheme", minLength: 2, maxLength: 40 }) },
  },
  { url: "/api/user/channels", params: {} },
  { url: "/api/auth/current-user", params: {} },
  {
    url: "/api/archive/search",
    params: { q: fc.string({ unit: "grapheme", minLength: 2, maxLength: 40 }) },
  },
  { url: "/api/user/delivery-time", params: {} },
] as const;

describe("bad input to every route through the gateway", () => {
  let stack: TestStack;
  let signedIn: Browser;
  let port: number;
  beforeAll(async () => {
    stack = await startTestStack("real");
    await stack.gateway.listen({ port: 0, host: "127.0.0.1" });
    const address = stack.gateway.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  // A fresh account for each route: the logout route ends the session and the profile route changes the
  // address, so a shared one would leave later routes tested signed out.
  beforeEach(async () => {
    signedIn = new Browser(stack.gateway);
    await signedIn.call("POST", "/api/auth/register", {
      email: `${uniqueName("fuzz")}@example.com`,
      password: "password123",
    });
  });
  afterAll(() => stack.stop());

  function expectClientError(response: { status: number; body: string }, sent: string) {
    expect(response.status, sent).toBeLessThan(500);
    if (response.status >= 400) expect(typeof JSON.parse(response.body).message, sent).toBe("string");
  }

  /** The signed-in browser's cookie, or none. */
  const session = (withSession: boolean): Record<string, string> =>
    withSession
      ? { cookie: [...signedIn.cookies].map(([name, value]) => `${name}=${value}`).join("; ") }
      : {};

  for (const route of ROUTES) {
    it(`${route.method} ${route.url} answers hostile bodies 4xx with a message, never 5xx`, async () => {
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
              { "content-type": contentType },
            );
            expectClientError({ status: response.statusCode, body: response.body }, body);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  for (const route of QUERY_ROUTES) {
    it(`GET ${route.url} answers hostile query strings, sent raw, 4xx with a message, never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileQueries(route.params), fc.boolean(), async (query, withSession) => {
          const target = `${route.url}?${query}`;
          const response = await rawHttpRequest(port, { target, headers: session(withSession) });
          expectClientError(response, target);
          // Whichever route: invalid percent-encoding is a 400 saying so, never read as some other text.
          if (hasInvalidPercentEncoding(query)) {
            expect({ status: response.status, body: JSON.parse(response.body) }, target).toEqual({
              status: 400,
              body: { message: MALFORMED_QUERY },
            });
          }
        }),
        { numRuns: 100 },
      );
    });
  }

  it("DELETE /api/user/channels/{id} answers hostile ids, sent raw, 4xx with a message, never 5xx", async () => {
    const id = urlSpellings(
      fc.oneof(
        youtubeChannelId,
        nearValid(youtubeChannelId),
        hostileText(40),
        fc.constantFrom("%", "@x", "x;y", "a%2Fb"),
      ),
    );
    await fc.assert(
      fc.asyncProperty(id, fc.boolean(), async (segment, withSession) => {
        const target = `/api/user/channels/${segment}`;
        expectClientError(
          await rawHttpRequest(port, { method: "DELETE", target, headers: session(withSession) }),
          target,
        );
      }),
      { numRuns: 100 },
    );
  });
});
