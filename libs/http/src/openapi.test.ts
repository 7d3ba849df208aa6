import { Validator } from "@seriousme/openapi-schema-validator";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";
import { describeApi, type OpenApiDocument } from "./openapi.ts";
import { ErrorReply } from "./schemas.ts";

const Channel = Type.Object({ id: Type.String(), title: Type.String() });

function declareRoutes(app: ServiceApp): void {
  app.get(
    "/api/channels",
    {
      schema: {
        summary: "The followed channels",
        tags: ["channels"],
        querystring: Type.Object({
          query: Type.String(),
          page: Type.Optional(Type.Integer()),
          pageSize: Type.Integer({ default: 20 }),
        }),
        response: { 200: Type.Array(Channel), "4xx": ErrorReply },
      },
    },
    async () => [],
  );
  app.post(
    "/api/channels",
    {
      schema: {
        body: Type.Object({ id: Type.String() }, { additionalProperties: false }),
        response: { 201: Type.Object({ id: Type.String() }, { description: "The channel, followed" }) },
      },
    },
    async (request, reply) => reply.status(201).send({ id: request.body.id }),
  );
  app.delete(
    "/api/channels/:id/videos/:videoId",
    { schema: { params: Type.Object({ id: Type.String({ minLength: 3 }), videoId: Type.String() }) } },
    async () => ({}),
  );
  app.get(
    "/api/page",
    { schema: { response: { 200: { content: { "text/html": { schema: Type.String() } } } } } },
    async (_request, reply) => reply.type("text/html").send("<p>hello</p>"),
  );
  app.get("/api/undescribed", async () => ({}));
  app.get("/api/files/*", { schema: { response: { 200: Type.String() } } }, async () => "");
}

describe("a service app's API description", () => {
  let app: ServiceApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = createServiceApp({ name: "probe", logLevel: "silent" });
    declareRoutes(app);
    await app.ready();
    const response = await app.inject({ method: "GET", url: "/internal/openapi.json" });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => app.close());

  it("is an OpenAPI 3.1 document the official schema accepts", async () => {
    expect(document).toMatchObject({ openapi: "3.1.0", info: { title: "tubedigest probe service" } });
    expect(await new Validator().validate(structuredClone(document))).toEqual({ valid: true });
  });

  it("names path parameters OpenAPI's way, each required, with the params schema's rules", () => {
    const operation = document.paths["/api/channels/{id}/videos/{videoId}"]?.delete;
    expect(operation?.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", minLength: 3 } },
      { name: "videoId", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(operation?.responses).toEqual({ default: { description: "Not described by a schema" } });
  });

  it("gives query parameters the query schema's required flags, less those with a default, and keeps summary and tags", () => {
    const operation = document.paths["/api/channels"]?.get;
    expect(operation).toMatchObject({ summary: "The followed channels", tags: ["channels"] });
    expect(operation?.parameters).toEqual([
      { name: "query", in: "query", required: true, schema: { type: "string" } },
      { name: "page", in: "query", required: false, schema: { type: "integer" } },
      { name: "pageSize", in: "query", required: false, schema: { type: "integer", default: 20 } },
    ]);
  });

  it("describes bodies and each response by status, with the status's text or the schema's description", () => {
    const list = document.paths["/api/channels"]?.get;
    expect(list?.responses["200"]).toEqual({
      description: "OK",
      content: { "application/json": { schema: { type: "array", items: expect.any(Object) } } },
    });
    expect(list?.responses["4XX"]?.description).toBe("Client error");
    const follow = document.paths["/api/channels"]?.post;
    expect(follow?.requestBody).toEqual({
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["id"],
            properties: { id: { type: "string" } },
            additionalProperties: false,
          },
        },
      },
    });
    expect(follow?.responses["201"]?.description).toBe("The channel, followed");
    expect(document.paths["/api/page"]?.get?.responses["200"]?.content).toEqual({
      "text/html": { schema: { type: "string" } },
    });
  });

  it("leaves out HEAD, routes without a schema and wildcard routes", () => {
    expect(Object.keys(document.paths["/api/channels"] ?? {})).toEqual(["get", "post"]);
    expect(document.paths["/api/undescribed"]).toBeUndefined();
    expect(Object.keys(document.paths).filter((path) => path.includes("*"))).toEqual([]);
  });

  it("describes the service's own health routes and itself, in path order", () => {
    expect(document.paths["/healthz"]?.get?.responses["200"]).toBeDefined();
    expect(document.paths["/internal/openapi.json"]?.get).toBeDefined();
    const paths = Object.keys(document.paths);
    expect(paths).toEqual([...paths].sort());
  });
});

describe("an app that keeps its description to itself", () => {
  it("answers no /internal/openapi.json but describes its routes to its own code", async () => {
    const app = createServiceApp({ name: "edge", logLevel: "silent", apiDescription: "kept" });
    declareRoutes(app);
    await app.ready();
    const response = await app.inject({ method: "GET", url: "/internal/openapi.json" });
    expect(response.statusCode).toBe(404);
    const document = describeApi(app, { title: "edge", version: "1" });
    expect(Object.keys(document.paths)).toContain("/api/channels/{id}/videos/{videoId}");
    expect(document.paths["/internal/openapi.json"]).toBeUndefined();
    await app.close();
  });
});
