import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-error.ts";

/**
 * The signed-in user's id. Only the gateway sets this header (it strips any copy a client sends), and
 * services are reachable only from inside the network, so a service takes it as given.
 */
export const CALLER_HEADER = "x-tubedigest-user-id";

export function requireCaller(request: FastifyRequest): string {
  const value = request.headers[CALLER_HEADER];
  if (typeof value !== "string" || value === "") throw new HttpError(401, "Please sign in to continue.");
  return value;
}
