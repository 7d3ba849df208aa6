import type { ServiceApp } from "@tubedigest/http";
import type { FastifyRequest } from "fastify";
import { STRIPE_WEBHOOK_PATH } from "../routes/upstream-table.ts";

/** A call of Stripe's webhook, as routed (on the canonical path, whatever the query). */
export function isStripeWebhook(request: FastifyRequest): boolean {
  return request.method === "POST" && request.routeOptions.url === STRIPE_WEBHOOK_PATH;
}

/**
 * Stripe's webhook never acts for a browser's user: its cookies are dropped before sessions load, so no
 * session is read (nor needed while Redis is away) and no caller identity goes on to billing. That is
 * what lets the same-origin guard leave this one path alone: a page that makes a browser post here
 * carries nobody's session, and billing believes only Stripe's signature.
 */
export function registerStripeWebhookWithoutSessions(app: ServiceApp): void {
  app.addHook("onRequest", async (request) => {
    if (isStripeWebhook(request)) delete request.headers.cookie;
  });
}
