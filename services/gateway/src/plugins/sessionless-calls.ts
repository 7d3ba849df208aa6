import type { ServiceApp } from "@tubedigest/http";
import type { FastifyRequest } from "fastify";
import { SESSIONLESS_POSTS } from "../routes/upstream-table.ts";

/**
 * A call that never acts for a browser's user, as routed (on the canonical path, whatever the query):
 * Stripe's webhook, authorised by Stripe's signature, an e-mail's one-click unsubscribe (RFC 8058),
 * authorised by the signed token in its link and posted by mail clients from anywhere, and spam complaints,
 * authorised by the mailer's bearer token.
 */
export function isSessionless(request: FastifyRequest): boolean {
  return request.method === "POST" && SESSIONLESS_POSTS.includes(request.routeOptions.url ?? "");
}

/**
 * Their cookies are dropped before sessions load, so no session is read (nor needed while Redis is
 * away) and no caller identity goes on to the service. That is what lets the same-origin guard leave
 * them alone: a page that makes a browser post here carries nobody's session, and the service believes
 * only the signature or token the call itself carries.
 */
export function registerSessionlessCalls(app: ServiceApp): void {
  app.addHook("onRequest", async (request) => {
    if (isSessionless(request)) delete request.headers.cookie;
  });
}
