import { MALFORMED_QUERY } from "@tubedigest/http";
import {
  ANY_CONTENT_TYPE,
  emailAddress,
  hasInvalidPercentEncoding,
  hostileBodies,
  hostileQueries,
  hostileText,
  nearValid,
  notOneBareAddress,
  urlSpellings,
  youtubeChannelId,
} from "@tubedigest/testing/hostile-input";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { emailFieldsOf, fieldsOf, type JsonSchema, valuesOf } from "@tubedigest/testing/schema-values";
import { type FakeStripeApi, startFakeStripeApi } from "@tubedigest/testing/stripe";
import { uniqueName } from "@tubedigest/testing/test-infra";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Browser, gatewayPort, startTestStack, type TestStack } from "./test-stack.ts";

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
  {
    method: "PUT",
    url: "/api/user/focus",
    fields: { focus: fc.string({ unit: "grapheme", maxLength: 80 }) },
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
  { url: "/api/user/focus", params: {} },
] as const;

/** Generated requests per operation: bounded, so reaching every route stays a short run. */
const RUNS_PER_OPERATION = 25;
// Every operation × RUNS_PER_OPERATION raw requests through the whole stack: past the default 30 s when
// another test file shares the cores.
const EVERY_OPERATION_TIMEOUT_MS = 120_000;

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** Every operation of the public API as the gateway describes it, so a new route is fuzzed the day it lands. */
function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content["application/json"]?.schema,
    })),
  );
}

/** A request target with each `{name}` filled by a hostile or near-valid segment and a hostile query. */
function targets(operation: Operation): fc.Arbitrary<string> {
  const ofType = (place: Parameter["in"]) =>
    operation.parameters.filter((parameter) => parameter.in === place);
  const segments = ofType("path").map((parameter) =>
    urlSpellings(fc.oneof(valuesOf(parameter.schema).map(String), hostileText(40))).map(
      (segment) => [parameter.name, segment] as const,
    ),
  );
  const query = hostileQueries(
    Object.fromEntries(
      ofType("query").map((parameter) => [parameter.name, valuesOf(parameter.schema).map(String)]),
    ),
  );
  return fc.tuple(fc.tuple(...segments), fc.option(query, { nil: undefined })).map(([filled, search]) => {
    const path = filled.reduce(
      (target, [name, segment]) => target.replace(`{${name}}`, segment),
      operation.path,
    );
    return search === undefined ? path : `${path}?${search}`;
  });
}

/**
 * Bad and generated hostile input through the whole stack on the real parts, over raw HTTP where the
 * spelling matters: the routes listed above with hostile bodies, query strings and ids, then every
 * operation the API description lists. One stack with every part switched on (card payments, the hidden
 * tool, a sample newsletter to show), so each route validates and acts on its input instead of answering
 * that it is off.
 */
describe("bad and hostile input to every route through the gateway (real parts)", () => {
  let stack: TestStack;
  let port: number;
  let stripe: FakeStripeApi;

  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    stack = await startTestStack("real", {
      summaryToolPassword: "a-password-for-the-fuzz-run",
      stripe,
      featuredChannel: true,
    });
    port = await gatewayPort(stack);
  });
  afterAll(async () => {
    await stack?.stop();
    await stripe?.close();
  });

  describe("the routes listed here", () => {
    let signedIn: Browser;
    // A fresh account for each route: the logout route ends the session and the profile route changes the
    // address, so a shared one would leave later routes tested signed out.
    beforeEach(async () => {
      signedIn = new Browser(stack.gateway);
      await signedIn.call("POST", "/api/auth/register", {
        email: `${uniqueName("fuzz")}@example.com`,
        password: "password123",
      });
    });
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

  describe("every operation of the public API description", () => {
    let operations: Operation[];
    beforeAll(async () => {
      operations = operationsOf((await stack.gateway.inject({ url: "/api/openapi.json" })).json());
    });

    /** A new account's session: logout and profile changes would leave a shared one signed out. */
    const freshSession = async () => {
      const browser = new Browser(stack.gateway);
      await browser.call("POST", "/api/auth/register", {
        email: `${uniqueName("fuzz")}@example.com`,
        password: "password123",
      });
      return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    };

    it("reaches every operation the API description lists", () => {
      // The description itself is checked against the forwarded routes in openapi.test.ts.
      expect(operations.length).toBeGreaterThanOrEqual(30);
      expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
        expect.arrayContaining([
          "DELETE /api/user/channels/{id}",
          // The account's settings: password, address and its link, the digest's pause, deletion.
          "GET /api/user/password",
          "POST /api/user/password",
          "POST /api/user/email",
          "POST /api/auth/password-reset",
          "POST /api/auth/password-reset/preview",
          "POST /api/auth/reset-password",
          "POST /api/user/email/confirm/preview",
          "POST /api/user/email/confirm",
          "GET /api/user/deliveries",
          "POST /api/user/deliveries/pause",
          "POST /api/user/deliveries/resume",
          "DELETE /api/user/account",
          // The reader's newsletters: delivery time, focus, archive search, private feed, shared summaries.
          "GET /api/user/delivery-time",
          "PUT /api/user/delivery-time",
          "GET /api/user/focus",
          "PUT /api/user/focus",
          "GET /api/archive/search",
          "GET /api/user/feed",
          "POST /api/user/feed",
          "POST /api/user/feed/reset",
          "DELETE /api/user/feed",
          "GET /api/feeds/{token}",
          "POST /api/shared-summaries",
          "GET /api/shared-summaries/{id}",
          "DELETE /api/shared-summaries/{id}",
        ]),
      );
    });

    it(
      "refuses, 4xx with a message, an e-mail field holding more than one bare address",
      async () => {
        const withEmail = operations.filter(
          (operation) => operation.body && emailFieldsOf(operation.body).length,
        );
        // Sign-up, sign-in, sign-in links, the profile, checkout, the preview and the abandonment e-mail.
        expect(withEmail.length).toBeGreaterThanOrEqual(10);
        const failures: string[] = [];
        for (const operation of withEmail) {
          const body = operation.body ?? {};
          const sessionCookie = await freshSession();
          await fc
            .assert(
              fc.asyncProperty(
                fc.record(fieldsOf(body)),
                fc.constantFrom(...emailFieldsOf(body)),
                notOneBareAddress,
                fc.boolean(),
                async (valid, field, address, signedIn) => {
                  const sent = JSON.stringify({ ...valid, [field]: address });
                  const response = await rawHttpRequest(port, {
                    method: operation.method,
                    target: operation.path,
                    headers: {
                      "content-type": "application/json",
                      ...(signedIn ? { cookie: sessionCookie } : {}),
                    },
                    body: sent,
                  });
                  const what = `${operation.method} ${operation.path} ${sent.slice(0, 200)}`;
                  expect(response.status, what).toBeGreaterThanOrEqual(400);
                  expect(response.status, what).toBeLessThan(500);
                  expect(typeof JSON.parse(response.body).message, what).toBe("string");
                },
              ),
              { numRuns: RUNS_PER_OPERATION },
            )
            .catch((error: Error) =>
              failures.push(`${operation.method} ${operation.path}: ${error.message}`),
            );
        }
        expect(failures).toEqual([]);
      },
      EVERY_OPERATION_TIMEOUT_MS,
    );

    it(
      "answers each generated request below 500, a refusal with a message, and never stops answering",
      async () => {
        const failures: string[] = [];
        for (const operation of operations) {
          const sessionCookie = await freshSession();
          await fc
            .assert(
              fc.asyncProperty(
                targets(operation),
                hostileBodies(operation.body ? fieldsOf(operation.body) : {}),
                ANY_CONTENT_TYPE,
                fc.boolean(),
                async (target, body, contentType, signedIn) => {
                  const response = await rawHttpRequest(port, {
                    method: operation.method,
                    target,
                    headers: { "content-type": contentType, ...(signedIn ? { cookie: sessionCookie } : {}) },
                    // A DELETE carries a body only where its route takes one (deleting the account).
                    ...(operation.method === "GET" || (operation.method === "DELETE" && !operation.body)
                      ? {}
                      : { body }),
                  });
                  const sent = `${operation.method} ${target} ${body.slice(0, 200)}`;
                  expect(response.status, sent).toBeLessThan(500);
                  // A refusal in JSON says why; the unsubscribe pages refuse with a page of their own.
                  if (
                    response.status >= 400 &&
                    response.headers["content-type"]?.startsWith("application/json")
                  ) {
                    expect(typeof JSON.parse(response.body).message, sent).toBe("string");
                  }
                },
              ),
              { numRuns: RUNS_PER_OPERATION },
            )
            .catch((error: Error) =>
              failures.push(`${operation.method} ${operation.path}: ${error.message}`),
            );
        }
        expect(failures).toEqual([]);
        // Zero crashes: every service still answers, ready.
        for (const url of Object.values(stack.services))
          expect((await fetch(`${url}/readyz`)).status, url).toBe(200);
        expect((await stack.gateway.inject({ url: "/readyz" })).statusCode).toBe(200);
      },
      EVERY_OPERATION_TIMEOUT_MS,
    );
  });
});
