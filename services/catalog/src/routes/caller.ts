import { HttpError, requireCaller } from "@tubedigest/http";
import type { FastifyRequest } from "fastify";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user, as the gateway names them. Auth's user ids are UUIDs; anything else cannot be a
 * user and is answered like no user at all, rather than reaching a uuid column as a 500.
 */
export function callerOf(request: FastifyRequest): string {
  const userId = requireCaller(request);
  if (!UUID.test(userId)) throw new HttpError(401, "Please sign in to continue.");
  return userId.toLowerCase();
}
