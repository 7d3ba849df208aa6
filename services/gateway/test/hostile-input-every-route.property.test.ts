import {
  ANY_CONTENT_TYPE,
  hostileBodies,
  hostileQueries,
  hostileText,
  notOneBareAddress,
  urlSpellings,
} from "@tubedigest/testing/hostile-input";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { emailFieldsOf, fieldsOf, type JsonSchema, valuesOf } from "@tubedigest/testing/schema-values";
import { type FakeStripeApi, startFakeStripeApi } from "@tubedigest/testing/stripe";
import { uniqueName } from "@tubedigest/testing/test-infra";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

/** Generated requests per operation: bounded, so every route is reached in about a minute in all. */
const RUNS_PER_OPERATION = 25;
// Every operation × RUNS_PER_OPERATION raw requests through the whole stack: about 20 s on a quiet
// machine, past the default 30 s when another test file shares the two cores.
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

describe("generated hostile input to every public operation, through the gateway", () => {
  let stack: TestStack;
  let port: number;
  let operations: Operation[];
  let stripe: FakeStripeApi;

  /** A new account's session: logout and profile changes would leave a shared one signed out. */
  const freshSession = async () => {
    const browser = new Browser(stack.gateway);
    await browser.call("POST", "/api/auth/register", {
      email: `${uniqueName("fuzz")}@example.com`,
      password: "password123",
    });
    return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  };

  beforeAll(async () => {
    // Every part switched on (card payments, the hidden tool, a sample newsletter to show), so each route
    // validates and acts on its input instead of answering that it is off.
    stripe = await startFakeStripeApi();
    stack = await startTestStack("real", {
      summaryToolPassword: "a-password-for-the-fuzz-run",
      stripe,
      featuredChannel: true,
    });
    await stack.gateway.listen({ port: 0, host: "127.0.0.1" });
    const address = stack.gateway.server.address();
    port = typeof address === "object" && address ? address.port : 0;
    operations = operationsOf((await stack.gateway.inject({ url: "/api/openapi.json" })).json());
  });
  afterAll(async () => {
    await stack?.stop();
    await stripe?.close();
  });

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
        // The reader's newsletters: delivery time, archive search, private feed, shared summaries.
        "GET /api/user/delivery-time",
        "PUT /api/user/delivery-time",
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
          .catch((error: Error) => failures.push(`${operation.method} ${operation.path}: ${error.message}`));
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
          .catch((error: Error) => failures.push(`${operation.method} ${operation.path}: ${error.message}`));
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
