import {
  describeApi,
  ErrorReply,
  HttpError,
  INTERNAL_API_DESCRIPTION_PATH,
  type OpenApiDocument,
  OpenApiDocumentReply,
  type OpenApiPaths,
  type ServiceApp,
  sortedPaths,
} from "@tubedigest/http";
import type { FastifyBaseLogger } from "fastify";
import Type from "typebox";
import gatewayPackage from "../../package.json" with { type: "json" };
import { ownerOf, type ServiceName } from "./upstream-table.ts";

export const API_DESCRIPTION_PATH = "/api/openapi.json";

const UPSTREAM_TIMEOUT_MS = 3_000;
// Routes change only with a deployment; a minute keeps a busy docs page from asking every service each time.
const CACHE_MS = 60_000;

/** The paths of one service's description that the gateway forwards to it; its others stay unpublished. */
async function forwardedPaths(service: ServiceName, url: string): Promise<OpenApiPaths> {
  const answer = await fetch(url + INTERNAL_API_DESCRIPTION_PATH, {
    signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
  });
  if (!answer.ok) throw new Error(`answered ${answer.status}`);
  const { paths } = (await answer.json()) as OpenApiDocument;
  return Object.fromEntries(Object.entries(paths).filter(([path]) => ownerOf(path) === service));
}

async function describeUpstreams(upstreams: Record<ServiceName, string>, log: FastifyBaseLogger) {
  const services = Object.keys(upstreams) as ServiceName[];
  return Promise.all(
    services.map((service) =>
      forwardedPaths(service, upstreams[service]).catch((error: unknown) => {
        log.warn({ upstream: service, err: error }, "API description missing a service");
        throw new HttpError(
          503,
          `The API description is incomplete: the ${service} service did not answer. Try again in a minute.`,
        );
      }),
    ),
  );
}

/** The services' public paths, with the gateway's own operations where it answers a path itself. */
function merge(upstreamPaths: OpenApiPaths[], gatewayPaths: OpenApiPaths): OpenApiPaths {
  const paths: OpenApiPaths = {};
  for (const described of [...upstreamPaths, gatewayPaths]) {
    for (const [path, operations] of Object.entries(described)) {
      paths[path] = { ...paths[path], ...operations };
    }
  }
  return sortedPaths(paths);
}

/**
 * `/api/openapi.json`: one OpenAPI 3.1 description of the public API, merged from each service's own
 * (generated from its routes' schemas) and the gateway's routes. Kept for a minute once complete; a
 * description missing a service is refused rather than published incomplete.
 */
export function registerOpenApiRoutes(app: ServiceApp, upstreams: Record<ServiceName, string>): void {
  const info = { title: "tubedigest API", version: gatewayPackage.version };
  let cached: { document: OpenApiDocument; until: number } | undefined;
  // Callers arriving while the services are asked share that one round of questions.
  let pending: Promise<OpenApiDocument> | undefined;

  const build = async (log: FastifyBaseLogger): Promise<OpenApiDocument> => {
    const gatewayPaths = Object.fromEntries(
      Object.entries(describeApi(app, info).paths).filter(([path]) => path.startsWith("/api/")),
    );
    const document: OpenApiDocument = {
      openapi: "3.1.0",
      info,
      servers: [{ url: "/" }],
      paths: merge(await describeUpstreams(upstreams, log), gatewayPaths),
    };
    cached = { document, until: Date.now() + CACHE_MS };
    return document;
  };

  app.get(
    API_DESCRIPTION_PATH,
    {
      schema: {
        querystring: Type.Object({}),
        response: { 200: OpenApiDocumentReply, "4xx": ErrorReply, "5xx": ErrorReply },
      },
    },
    async (request) => {
      if (cached && Date.now() < cached.until) return cached.document;
      pending ??= build(request.log).finally(() => {
        pending = undefined;
      });
      return pending;
    },
  );
}
