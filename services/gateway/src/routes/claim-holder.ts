import { CLAIM_COOKIE } from "@tubedigest/http";
import type { FastifyRequest } from "fastify";

const AUTH_TIMEOUT_MS = 3_000;

/**
 * The password-less account whose live claim this visitor's browser holds, as auth answers it: only auth
 * can read the signed cookie and knows whether the claim is still live, so it is asked on every action
 * that needs it. Auth silent or slow: no claim holder, and the service answers the visitor as anyone.
 */
export async function claimHolderOf(request: FastifyRequest, authUrl: string): Promise<string | undefined> {
  const cookie = request.cookies[CLAIM_COOKIE.name];
  if (!cookie) return undefined;
  try {
    const answer = await fetch(`${authUrl}/internal/claim-holder`, {
      // Only the claim goes along: auth has no business with the browser's other cookies here.
      headers: { cookie: `${CLAIM_COOKIE.name}=${encodeURIComponent(cookie)}`, "x-request-id": request.id },
      signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
    });
    if (!answer.ok) throw new Error(`auth answered ${answer.status}`);
    const { userId } = (await answer.json()) as { userId: unknown };
    // Whether it is a user id at all, each service checks when it reads the header (optionalClaimHolder).
    return typeof userId === "string" && userId !== "" ? userId : undefined;
  } catch (error) {
    request.log.warn({ err: error }, "claim holder unknown: auth did not answer");
    return undefined;
  }
}
