import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerProofProblem, STANDING_HEADERS, type Standing } from "./caller-proof.ts";
import { HttpError } from "./http-error.ts";

/** What the gateway proved of each request, by standing. */
const proven: Record<Standing, WeakMap<FastifyRequest, string>> = {
  caller: new WeakMap(),
  "claim-holder": new WeakMap(),
  "client-address": new WeakMap(),
};

/** The subject a standing's header names, when the gateway's proof for it holds; anything else is logged and ignored. */
function believe(
  request: FastifyRequest,
  identitySecrets: readonly string[],
  standing: Standing,
): string | undefined {
  const headers = STANDING_HEADERS[standing];
  const subject = request.headers[headers.subject];
  const proof = request.headers[headers.proof];
  if (subject === undefined && proof === undefined) return undefined;
  const named = typeof subject === "string" && subject !== "" ? subject : undefined;
  const problem = named
    ? callerProofProblem(identitySecrets, standing, named, request.id, proof)
    : "no user id";
  if (named && problem === undefined) return named;
  request.log.warn({ reason: problem, subject, standing }, "caller not believed");
  return undefined;
}

/**
 * Believes a request's caller header only when the gateway's proof for it holds. Anything else that
 * names a user (a process that reached the port, a stale or tampered proof) is logged and treated as
 * no caller at all. The same for the claim holder's header and the client's address. A proof made with
 * any of `identitySecrets` holds.
 */
export function registerCallerCheck(app: FastifyInstance, identitySecrets: readonly string[]): void {
  app.addHook("onRequest", async (request) => {
    for (const standing of Object.keys(proven) as Standing[]) {
      const subject = believe(request, identitySecrets, standing);
      if (subject !== undefined) proven[standing].set(request, subject);
    }
  });
}

/** What a visitor is told where only a signed-in reader may go: by a service, or by the gateway before it. */
export const SIGN_IN_TO_CONTINUE = "Please sign in to continue.";

/** The signed-in user's id, when the gateway named them and proved it; a 401 otherwise. */
export function requireCaller(request: FastifyRequest): string {
  const userId = proven.caller.get(request);
  if (userId === undefined) throw new HttpError(401, SIGN_IN_TO_CONTINUE);
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
  if (!UUID.test(userId)) throw new HttpError(401, SIGN_IN_TO_CONTINUE);
  return userId.toLowerCase();
}

/**
 * A signed-in-only route's `preValidation`: a visitor is answered 401 "Please sign in to continue." before
 * the body is judged, not a 400 about a body they could never have sent usefully.
 */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireUserId(request);
}

/** As requireUserId, for a route a visitor may call too: undefined when no user is named. */
export function optionalUserId(request: FastifyRequest): string | undefined {
  return proven.caller.has(request) ? requireUserId(request) : undefined;
}

/**
 * The password-less account this visitor's browser holds a live claim on, as the gateway proved it
 * (auth decides whether the claim is live, on every request): the landing page's visitor, not signed in,
 * acting on the account their browser made. Undefined for everyone else, and for a signed-in caller,
 * who acts as themselves.
 */
export function optionalClaimHolder(request: FastifyRequest): string | undefined {
  if (proven.caller.has(request)) return undefined;
  const userId = proven["claim-holder"].get(request);
  return userId !== undefined && UUID.test(userId) ? userId.toLowerCase() : undefined;
}

/**
 * The client a request came from: the address the gateway proved it forwarded for, else the connection's
 * own (a process inside the network that called the service directly).
 */
export function clientAddress(request: FastifyRequest): string {
  return proven["client-address"].get(request) ?? request.ip;
}
