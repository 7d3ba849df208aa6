import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Proof that this browser made a password-less account (the landing page's flow). Signed, httpOnly and
 * short-lived, so the automatic login by e-mail works only where the account was made.
 */
const CLAIM_COOKIE = "td_claim";
const CLAIM_LIFETIME_SECONDS = 24 * 60 * 60;

export interface ClaimCookieOptions {
  secure: boolean;
}

function attributes(options: ClaimCookieOptions) {
  return {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    signed: true,
  } as const;
}

export function writeClaim(
  reply: FastifyReply,
  userId: string,
  options: ClaimCookieOptions,
  now = Date.now(),
): void {
  const expiresAt = now + CLAIM_LIFETIME_SECONDS * 1000;
  reply.setCookie(CLAIM_COOKIE, `${userId}.${expiresAt}`, {
    ...attributes(options),
    maxAge: CLAIM_LIFETIME_SECONDS,
  });
}

export function clearClaim(reply: FastifyReply, options: ClaimCookieOptions): void {
  reply.clearCookie(CLAIM_COOKIE, attributes(options));
}

/** The user id this browser holds a valid claim on, if any. The expiry is checked here, not trusted to the browser. */
export function readClaim(request: FastifyRequest, now = Date.now()): string | undefined {
  const raw = request.cookies[CLAIM_COOKIE];
  if (!raw) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return undefined;
  const [userId, expiresAt] = value.split(".");
  if (!userId || !expiresAt || Number(expiresAt) < now) return undefined;
  return userId;
}
