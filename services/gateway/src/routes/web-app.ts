import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { ServiceApp } from "@tubedigest/http";
import type { FastifyReply, FastifyRequest } from "fastify";

const HAS_EXTENSION = /\.[a-z0-9]+$/i;

/**
 * Serves the built web app. Page routes the SPA knows (/dashboard, /checkout/pro, ...) and unknown ones
 * alike get index.html, whose router decides what to show; a missing asset or API path is a real 404.
 */
export async function registerWebApp(app: ServiceApp, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, "index.html"))) {
    app.log.warn({ root }, "web app not built: page routes answer 503 until `make build` has run");
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: ["index.html"], cacheControl: false });
  app.get("/assets/*", async (request, reply) => {
    // Vite names assets by content hash, so a browser may keep them for good.
    reply.header("cache-control", "public, max-age=31536000, immutable");
    return reply.sendFile(request.url.split("?")[0]?.slice(1) ?? "");
  });
}

export function webAppFallback(webDist: string) {
  const built = existsSync(path.join(path.resolve(webDist), "index.html"));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!isPage || HAS_EXTENSION.test(pathname)) {
      return reply.status(404).send({ message: `No route for ${request.method} ${pathname}` });
    }
    if (!built)
      return reply
        .status(503)
        .type("text/plain")
        .send("The web app has not been built yet: run `make build`.");
    reply.header("cache-control", "no-cache");
    return reply.type("text/html").sendFile("index.html");
  };
}
