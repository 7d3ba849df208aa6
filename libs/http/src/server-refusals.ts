import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error.ts";

/**
 * The two refusals Node and Fastify would otherwise write themselves, in their own shape, answered
 * `{ message }` like the rest (`serverOptions` turns theirs off): an HTTP/1.1 request without a Host
 * header, which Node answers with an empty 400, and a request arriving on a kept-alive connection while
 * the server closes, which Fastify answers with its own JSON. First of the app's hooks, so neither runs
 * anything else.
 */
export function refuseHostlessAndClosingRequests(app: FastifyInstance): void {
  let closing = false;
  // Fastify counts itself closing from just before its preClose hooks run.
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (request) => {
    if (closing) {
      throw new HttpError(503, "This server is shutting down. Please try again in a moment.");
    }
    // HTTP/1.0 has no Host header to require; Node lets it through too.
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
      throw new HttpError(400, "The request has no Host header, which HTTP/1.1 requires.");
    }
  });
}
