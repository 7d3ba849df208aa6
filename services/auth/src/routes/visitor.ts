import { HttpError, requireCaller } from "@tubedigest/http";
import type { FastifyRequest } from "fastify";
import type { Visitor } from "../domain/auth-context.ts";
import { readClaim } from "./claim-cookie.ts";

/** Who is asking: sign-up and the landing page are open to visitors, signed in or not. */
export function visitorOf(request: FastifyRequest): Visitor {
  return { userId: signedInUser(request), claimId: readClaim(request) };
}

function signedInUser(request: FastifyRequest): string | undefined {
  try {
    return requireCaller(request);
  } catch (error) {
    // No caller the gateway vouches for: a visitor who is not signed in.
    if (error instanceof HttpError && error.statusCode === 401) return undefined;
    throw error;
  }
}
