import type { FastifyInstance, FastifyRequest } from "fastify";
import { CALLER_HEADER, CALLER_PROOF_HEADER, callerProofProblem } from "./caller-proof.ts";
import { HttpError } from "./http-error.ts";

const provenCallers = new WeakMap<FastifyRequest, string>();

/**
 * Believes a request's caller header only when the gateway's proof for it holds. Anything else that
 * names a user (a process that reached the port, a stale or tampered proof) is logged and treated as
 * no caller at all.
 */
export function registerCallerCheck(app: FastifyInstance, identitySecret: string): void {
  app.addHook("onRequest", async (request) => {
    const userId = request.headers[CALLER_HEADER];
    const proof = request.headers[CALLER_PROOF_HEADER];
    if (userId === undefined && proof === undefined) return;
    const named = typeof userId === "string" && userId !== "" ? userId : undefined;
    const problem = named ? callerProofProblem(identitySecret, named, request.id, proof) : "no user id";
    if (named && problem === undefined) provenCallers.set(request, named);
    else request.log.warn({ reason: problem, claimedUserId: userId }, "caller not believed");
  });
}

/** The signed-in user's id, when the gateway named them and proved it; a 401 otherwise. */
export function requireCaller(request: FastifyRequest): string {
  const userId = provenCallers.get(request);
  if (userId === undefined) throw new HttpError(401, "Please sign in to continue.");
  return userId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user, as the gateway names them, for a service that keys rows by auth's user ids.
 * Those are UUIDs; anything else cannot be a user and is answered like no user at all, rather than
 * reaching a uuid column as a 500.
 */
export function requireUserId(request: FastifyRequest): string {
  const userId = requireCaller(request);
  if (!UUID.test(userId)) throw new HttpError(401, "Please sign in to continue.");
  return userId.toLowerCase();
}

/** As requireUserId, for a route a visitor may call too: undefined when no user is named. */
export function optionalUserId(request: FastifyRequest): string | undefined {
  return provenCallers.has(request) ? requireUserId(request) : undefined;
}
