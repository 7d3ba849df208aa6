import type { IncomingMessage } from "node:http";
import { HttpError, redactUrl, type ServiceApp } from "@tubedigest/http";
import { canonicalTarget } from "../routes/canonical-path.ts";

const REFUSAL = Symbol("path refusal");
type MarkedRequest = IncomingMessage & { [REFUSAL]?: string };

/**
 * Fastify's `rewriteUrl`: runs before routing, so the router, the rate limits and the proxy all see the
 * canonical path. A path with no canonical spelling is marked here and refused by the hook below, before
 * any session is loaded or any limit counted.
 */
export function rewriteToCanonicalPath(request: IncomingMessage): string {
  const target = canonicalTarget(request.url ?? "");
  if (!target.ok) {
    (request as MarkedRequest)[REFUSAL] = target.message;
    return "/";
  }
  return target.query === "" ? target.path : `${target.path}?${target.query}`;
}

/** Must be the first hook the gateway registers. */
export function refuseNonCanonicalPaths(app: ServiceApp): void {
  app.addHook("onRequest", async (request) => {
    const refusal = (request.raw as MarkedRequest)[REFUSAL];
    if (refusal !== undefined) {
      request.log.info({ url: redactUrl(request.originalUrl) }, "request path refused");
      throw new HttpError(400, refusal);
    }
  });
}
