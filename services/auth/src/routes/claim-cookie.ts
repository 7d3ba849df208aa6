import { CLAIM_COOKIE } from "@tubedigest/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CLAIM_LIFETIME_MS } from "../store/claim-repository.ts";

/**
 * The `td_claim` cookie names a claim (a row auth keeps) and nothing else: whether it still lets anyone
 * in is decided by that row, so it can be used once, and ended, whatever the browser keeps. Signed, so a
 * browser cannot name a claim it was not given; httpOnly, so a script cannot read it.
 */
export interface ClaimCookieOptions {
  secure: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function attributes(options: ClaimCookieOptions) {
  return {
    path: CLAIM_COOKIE.path,
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    signed: true,
  } as const;
}

export function writeClaim(reply: FastifyReply, claimId: string, options: ClaimCookieOptions): void {
  reply.setCookie(CLAIM_COOKIE.name, claimId, { ...attributes(options), maxAge: CLAIM_LIFETIME_MS / 1000 });
}

export function clearClaim(reply: FastifyReply, options: ClaimCookieOptions): void {
  reply.clearCookie(CLAIM_COOKIE.name, attributes(options));
}

/** The claim id this browser's cookie names, when the signature holds. */
export function readClaim(request: FastifyRequest): string | undefined {
  const raw = request.cookies[CLAIM_COOKIE.name];
  if (!raw) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  // A claim id is a uuid; anything else (a cookie of the earlier format) names no claim.
  return valid && value && UUID.test(value) ? value : undefined;
}
