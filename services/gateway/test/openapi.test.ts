import { Validator } from "@seriousme/openapi-schema-validator";
import type { OpenApiDocument } from "@tubedigest/http";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ownerOf, type ServiceName, UPSTREAM_ROUTES } from "../src/routes/upstream-table.ts";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";
import { gatewayPort, sharedTestStack, type TestStack } from "./test-stack.ts";

const SERVICES: readonly ServiceName[] = ["auth", "catalog", "billing", "summariser", "mailer"];
/** The paths the gateway answers itself rather than forwarding. */
const GATEWAY_PATHS = ["/api/auth/current-user", "/api/auth/logout", "/api/openapi.json", "/api/site"];

const describedBy = async (serviceUrl: string): Promise<OpenApiDocument> =>
  (await fetch(`${serviceUrl}/internal/openapi.json`)).json() as Promise<OpenApiDocument>;

const methodsOf = (document: OpenApiDocument, path: string) => Object.keys(document.paths[path] ?? {});

// The description is assembled from what each service says it answers, which no store or bus changes:
// the real parts show it as well as the embedded ones, and start sooner.
describe("the public API description", () => {
  let stack: TestStack;
  let port: number;
  let document: OpenApiDocument;

  beforeAll(async () => {
    stack = await sharedTestStack("real");
    port = await gatewayPort(stack);
    const response = await stack.gateway.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  it("is one OpenAPI 3.1 document the official schema accepts, served from the site's root", async () => {
    expect(document).toMatchObject({
      openapi: "3.1.0",
      info: { title: "tubedigest API" },
      servers: [{ url: "/" }],
    });
    expect(await new Validator().validate(structuredClone(document))).toEqual({ valid: true });
    const paths = Object.keys(document.paths);
    expect(paths).toEqual([...paths].sort());
  });

  it("covers every prefix the gateway forwards", () => {
    const paths = Object.keys(document.paths);
    for (const { prefix } of UPSTREAM_ROUTES) {
      expect(
        paths.some((path) => path === prefix || path.startsWith(`${prefix}/`)),
        prefix,
      ).toBe(true);
    }
  });

  it("publishes only public paths, each from the service that answers it", async () => {
    const origins = new Map<string, ServiceName>();
    for (const service of SERVICES) {
      for (const path of Object.keys((await describedBy(stack.services[service])).paths)) {
        if (ownerOf(path) === service) origins.set(path, service);
      }
    }
    for (const path of Object.keys(document.paths)) {
      expect(path, path).toMatch(/^\/api\//);
      if (GATEWAY_PATHS.includes(path)) continue;
      expect(origins.get(path), path).toBe(ownerOf(path));
    }
    const hidden = Object.keys(document.paths).filter((path) =>
      ["/internal", "/metrics", "/healthz", "/readyz", "/dev"].some((prefix) => path.startsWith(prefix)),
    );
    expect(hidden).toEqual([]);
  });

  it("lists every forwarded route each service describes, with its methods", async () => {
    for (const service of SERVICES) {
      const own = await describedBy(stack.services[service]);
      for (const [path, operations] of Object.entries(own.paths)) {
        if (ownerOf(path) !== service) continue;
        for (const method of Object.keys(operations)) {
          expect(methodsOf(document, path), `${service}: ${method} ${path}`).toContain(method);
        }
      }
    }
  });

  it("describes the routes a browser calls: bodies, path and query parameters, answers", () => {
    const login = document.paths["/api/auth/login"]?.post;
    expect(login?.requestBody?.content["application/json"]?.schema).toMatchObject({
      type: "object",
      properties: { email: expect.any(Object), password: expect.any(Object) },
    });
    expect(login?.responses["200"]).toBeDefined();
    expect(methodsOf(document, "/api/user/channels")).toEqual(expect.arrayContaining(["get", "post"]));
    expect(document.paths["/api/user/channels"]?.get?.responses["200"]?.content).toMatchObject({
      "application/json": { schema: { type: "array" } },
    });
    expect(document.paths["/api/user/channels/{id}"]?.delete?.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
    ]);
    expect(document.paths["/api/youtube/search"]?.get?.parameters).toEqual([
      expect.objectContaining({ name: "query", in: "query", required: true }),
    ]);
    expect(document.paths["/api/user/profile"]?.patch?.requestBody).toBeDefined();
    // The unsubscribe link opens a page, not JSON.
    expect(document.paths["/api/unsubscribe"]?.get?.responses["2XX"]?.content).toEqual({
      "text/html": { schema: { type: "string" } },
    });
  });

  it("describes the gateway's own routes where it answers them", () => {
    expect(document.paths["/api/auth/current-user"]?.get?.responses["200"]?.content).toMatchObject({
      "application/json": { schema: { properties: { channelCount: { type: "integer" } } } },
    });
    expect(methodsOf(document, "/api/auth/logout")).toEqual(["post"]);
    expect(methodsOf(document, "/api/openapi.json")).toEqual(["get"]);
  });

  it.each([
    ["/api/%6Fpenapi.json", 200],
    ["/%61pi/openapi.json", 200],
    ["/api//openapi.json", 400],
    ["/api/./openapi.json", 400],
    ["/api/%2e/openapi.json", 400],
    ["/api/x/../openapi.json", 400],
  ] as const)("answers %s as any other spelling of a path: %i", async (target, status) => {
    const response = await rawHttpRequest(port, { target });
    expect(response.status).toBe(status);
    if (status === 200) expect(JSON.parse(response.body)).toEqual(document);
  });
});

// The gateway's own keeping of the merged description, in front of stand-ins: a shared stack's mailer
// is not one a test may close.
describe("the API description while a service is away (the gateway alone)", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway();
  });
  afterAll(() => edge.stop());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps a complete description for a minute, then refuses one missing a service", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const complete = await edge.gateway.inject({ method: "GET", url: "/api/openapi.json" });
    expect(complete.statusCode).toBe(200);
    await edge.mailer.close();
    const kept = await edge.gateway.inject({ method: "GET", url: "/api/openapi.json" });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual(complete.json());

    vi.setSystemTime(Date.now() + 61_000);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await edge.gateway.inject({ method: "GET", url: "/api/openapi.json" });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message:
          "The API description is incomplete: the mailer service did not answer. Try again in a minute.",
      });
    }
  });
});

describe("the API docs page", () => {
  let development: EdgeGateway;
  let production: EdgeGateway;
  beforeAll(async () => {
    // As gatewaySettingsFrom sets them for APP_ENV=development and production.
    [development, production] = await Promise.all([
      startEdgeGateway({ settings: { apiDocs: true } }),
      startEdgeGateway({ settings: { secureCookies: true, apiDocs: false } }),
    ]);
  });
  afterAll(() => Promise.all([development.stop(), production.stop()]));

  const get = (url: string) => development.gateway.inject({ method: "GET", url });

  it("is Swagger UI over /api/openapi.json in development, with scripts only from files", async () => {
    const page = await get("/dev/api-docs");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="/dev/api-docs/init.js"></script>');
    expect(page.body).not.toMatch(/<script>/);
    const initializer = await get("/dev/api-docs/init.js");
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(initializer.body).toContain('url: "/api/openapi.json"');
    for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
      const served = await get(`/dev/api-docs/${file}`);
      expect(served.statusCode, file).toBe(200);
      expect(served.body.length, file).toBeGreaterThan(10_000);
    }
  });

  it("allows inline styles on the page alone, and never inline scripts", async () => {
    const policy = (await get("/dev/api-docs")).headers["content-security-policy"];
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    const elsewhere = (await get("/api/openapi.json")).headers["content-security-policy"];
    expect(elsewhere).not.toContain("unsafe-inline");
  });

  it("serves none of swagger-ui-dist's other files", async () => {
    for (const file of ["index.html", "swagger-initializer.js", "swagger-ui.js", "package.json"]) {
      expect((await get(`/dev/api-docs/${file}`)).statusCode, file).toBe(404);
    }
  });

  it("is not served in production: the page is any unknown page, its files are 404s", async () => {
    const page = await rawHttpRequest(production.port, { target: "/dev/api-docs" });
    const unknown = await rawHttpRequest(production.port, { target: "/dev/no-such-page" });
    expect(page.status).toBe(unknown.status);
    expect(page.body).toBe(unknown.body);
    expect(page.body).not.toContain("swagger");
    for (const file of ["init.js", "swagger-ui-bundle.js", "swagger-ui.css"]) {
      const response = await rawHttpRequest(production.port, { target: `/dev/api-docs/${file}` });
      expect(response.status, file).toBe(404);
    }
  });
});
