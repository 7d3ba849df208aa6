import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { API_DESCRIPTION_PATH } from "./openapi-routes.ts";

/** Development only: Swagger UI over `/api/openapi.json`, to read the API and try its calls. */
export const API_DOCS_PATH = "/dev/api-docs";

/** The two files of swagger-ui-dist the page loads; the package's own index.html and the rest stay unserved. */
const SWAGGER_UI_FILES = ["swagger-ui.css", "swagger-ui-bundle.js"];

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>tubedigest API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <div id="api"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// A script file of its own: the site's content security policy allows no inline script. No validator
// badge, which would send the description to swagger.io.
const INITIALIZER = `SwaggerUIBundle({ url: ${JSON.stringify(API_DESCRIPTION_PATH)}, dom_id: "#api", validatorUrl: null });\n`;

/** The directory of the installed swagger-ui-dist, found as Node would find the package. */
function swaggerUiDirectory(): string {
  return path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/**
 * Serves the page, its initializer and Swagger UI's files in a scope of their own, whose answers alone
 * allow inline style attributes: Swagger UI sets them as it renders.
 */
export async function registerApiDocs(app: ServiceApp): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRequest", async (_request, reply) => {
      const policy = String(reply.getHeader("content-security-policy") ?? "");
      reply.header(
        "content-security-policy",
        policy.replace(/(^|;)style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'"),
      );
    });
    await scope.register(fastifyStatic, {
      root: swaggerUiDirectory(),
      prefix: `${API_DOCS_PATH}/`,
      // The root app already has reply.sendFile, for the web app.
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => SWAGGER_UI_FILES.includes(pathName.replace(/^\//, "")),
    });
    scope.get(
      API_DOCS_PATH,
      { schema: { response: { 200: { content: { "text/html": { schema: Type.String() } } } } } },
      async (_request, reply) => reply.type("text/html; charset=utf-8").send(PAGE),
    );
    scope.get(
      `${API_DOCS_PATH}/init.js`,
      { schema: { response: { 200: { content: { "text/javascript": { schema: Type.String() } } } } } },
      async (_request, reply) => reply.type("text/javascript; charset=utf-8").send(INITIALIZER),
    );
  });
}
