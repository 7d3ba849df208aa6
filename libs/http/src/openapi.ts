import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import Type from "typebox";

/** A JSON Schema as plain data: what a route's TypeBox schema serialises to. */
export type JsonSchema = Record<string, unknown>;

type MediaTypes = Record<string, { schema: JsonSchema }>;

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
}

/** Operations by path (`/api/user/channels/{id}`), then by lower-case method. */
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

// A type rather than an interface, so it is also a plain record to validators of JSON documents.
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: OpenApiPaths;
};

/** The reply schema of a route answering an OpenAPI document; the operations are passed on as built. */
export const OpenApiDocumentReply = Type.Object({
  openapi: Type.Literal("3.1.0"),
  info: Type.Object({ title: Type.String(), version: Type.String() }),
  servers: Type.Optional(Type.Array(Type.Object({ url: Type.String() }))),
  paths: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
});

/**
 * Where an app's description is answered: on its own `/internal/openapi.json` (a service, which only
 * the network reaches), or only to its own code through `describeApi` (the gateway, whose port is public
 * and which merges it into the public description).
 */
export type ApiDescriptionExposure = "internal" | "kept";

export const INTERNAL_API_DESCRIPTION_PATH = "/internal/openapi.json";

interface DescribedRoute {
  methods: string[];
  url: string;
  schema: Record<string, unknown>;
}

const collected = new WeakMap<FastifyInstance, DescribedRoute[]>();

// Fastify adds a HEAD route beside every GET; neither it nor OPTIONS says anything the GET does not.
const UNDESCRIBED_METHODS = new Set(["HEAD", "OPTIONS"]);

const RANGE_DESCRIPTIONS: Record<string, string> = {
  "1XX": "Informational",
  "2XX": "Success",
  "3XX": "Redirection",
  "4XX": "Client error",
  "5XX": "Server error",
};

/**
 * Records every route declared on the app from here on, with its schema, so the app can describe its
 * own API. Must run before the first route is declared; routes of child plugins are recorded too.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: DescribedRoute[] = [];
  collected.set(app, routes);
  app.addHook("onRoute", (route) => {
    // A wildcard route forwards or serves files: it has no one shape to describe.
    if (!route.schema || route.url.includes("*")) return;
    const methods = [route.method].flat().filter((method) => !UNDESCRIBED_METHODS.has(method));
    if (methods.length > 0) {
      routes.push({ methods, url: route.url, schema: route.schema as Record<string, unknown> });
    }
  });
}

/** Answers the app's description on `/internal/openapi.json`, for the gateway to merge. */
export function registerApiDescription(app: FastifyInstance, info: OpenApiDocument["info"]): void {
  app.get(
    INTERNAL_API_DESCRIPTION_PATH,
    { logLevel: "warn", schema: { response: { 200: OpenApiDocumentReply } } },
    async () => describeApi(app, info),
  );
}

/** An OpenAPI 3.1 document of the app's routes that have a schema, with every schema inline. */
export function describeApi(app: FastifyInstance, info: OpenApiDocument["info"]): OpenApiDocument {
  const routes = collected.get(app);
  if (!routes) throw new Error("describeApi needs an app made with createServiceApp");
  const paths: OpenApiPaths = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    const operation = operationOf(route);
    for (const method of route.methods) paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  }
  return { openapi: "3.1.0", info, paths: sortedPaths(paths) };
}

export function sortedPaths(paths: OpenApiPaths): OpenApiPaths {
  return Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Fastify's `/channels/:id` (with an optional `(regex)` after the name) is OpenAPI's `/channels/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)(?:\([^)]*\))?/g, "{$1}");
}

function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
}

// TypeBox keeps its own markers off the enumerable properties, so a JSON round trip leaves the plain
// JSON Schema, detached from the object Fastify compiled.
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

function propertiesOf(schema: unknown): { properties: Record<string, unknown>; required: string[] } {
  const object = (schema ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  return { properties: object.properties ?? {}, required: object.required ?? [] };
}

function parametersOf(route: DescribedRoute): OpenApiParameter[] {
  const params = propertiesOf(route.schema.params).properties;
  // Every name in the path is a parameter, whether or not the params schema narrows it.
  const path = pathParameterNames(route.url).map(
    (name): OpenApiParameter => ({
      name,
      in: "path",
      required: true,
      schema: plain(params[name] ?? { type: "string" }),
    }),
  );
  const named = (part: unknown, where: "query" | "header") => {
    const { properties, required } = propertiesOf(part);
    return Object.entries(properties).map(
      ([name, schema]): OpenApiParameter => ({
        name,
        in: where,
        // One with a default may be left out: validation fills the default in.
        required: required.includes(name) && !(typeof schema === "object" && schema && "default" in schema),
        schema: plain(schema),
      }),
    );
  };
  return [...path, ...named(route.schema.querystring, "query"), ...named(route.schema.headers, "header")];
}

function describedAs(status: string, schema: unknown): string {
  const description = (schema as { description?: unknown }).description;
  if (typeof description === "string") return description;
  return STATUS_CODES[status] ?? RANGE_DESCRIPTIONS[status] ?? "Response";
}

/**
 * Fastify takes a response schema either as the JSON body's schema or as `{ content: { <media type>:
 * { schema } } }` for answers that are not JSON (an HTML page).
 */
function contentOf(schema: unknown): MediaTypes {
  const content = (schema as { content?: Record<string, { schema: unknown }> }).content;
  if (content === undefined) return { "application/json": { schema: plain(schema) } };
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [type, { schema: plain(media.schema) }]),
  );
}

function responsesOf(response: unknown): OpenApiOperation["responses"] {
  const entries = Object.entries((response ?? {}) as Record<string, unknown>);
  if (entries.length === 0) return { default: { description: "Not described by a schema" } };
  return Object.fromEntries(
    entries.map(([code, schema]) => {
      // OpenAPI spells Fastify's "4xx" ranges "4XX".
      const status = code === "default" ? code : code.toUpperCase();
      return [status, { description: describedAs(status, schema), content: contentOf(schema) }];
    }),
  );
}

function operationOf(route: DescribedRoute): OpenApiOperation {
  const { summary, description, tags, body, response } = route.schema;
  const parameters = parametersOf(route);
  return {
    ...(typeof summary === "string" ? { summary } : {}),
    ...(typeof description === "string" ? { description } : {}),
    ...(Array.isArray(tags) ? { tags: tags as string[] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body === undefined
      ? {}
      : { requestBody: { required: true, content: { "application/json": { schema: plain(body) } } } }),
    responses: responsesOf(response),
  };
}
