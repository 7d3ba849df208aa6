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
  const assets = path.join(root, "assets") + path.sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ["index.html"],
    // The build writes a brotli and a gzip copy beside each text file (web/precompress.ts): sent as they
    // are to browsers that accept them, with Vary: accept-encoding; the file itself to the others.
    preCompressed: true,
    cacheControl: false,
    // Set here, for every file served: the files present at start-up get routes of their own, which a
    // handler's header would never reach. Vite names assets by content hash, so a browser may keep them
    // for good; index.html names the current ones, so it is asked for again every time.
    setHeaders: (reply, file) =>
      reply.header(
        "cache-control",
        file.startsWith(assets) ? "public, max-age=31536000, immutable" : "no-cache",
      ),
  });
  // Assets written after start-up (a rebuild) have no route of their own.
  app.get("/assets/*", async (request, reply) => reply.sendFile(request.url.split("?")[0]?.slice(1) ?? ""));
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
    return reply.type("text/html").sendFile("index.html");
  };
}
