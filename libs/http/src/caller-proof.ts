import { createHmac, timingSafeEqual } from "node:crypto";

/** The signed-in user's id, on a request from the gateway to a service. */
export const CALLER_HEADER = "x-tubedigest-user-id";

/**
 * The gateway's proof that it named the caller: `v1.<unix seconds>.<HMAC-SHA256, base64url>` over the
 * version, the user id, the request id and the time, keyed with the secret gateway and services share.
 * Reaching a service's port is then not enough to act as a user, and a proof seen on the way is good
 * only for its request id and for a few minutes.
 */
export const CALLER_PROOF_HEADER = "x-tubedigest-user-proof";

const VERSION = "v1";
const PROOF = /^v1\.(\d{1,12})\.([\w-]{43})$/;

/**
 * A visitor who is not signed in but holds a live claim on the password-less account their browser made
 * on the landing page: the gateway asks auth whose claim the browser's cookie names and says so on these
 * headers, proved like the caller's. A service may let that visitor act on that one account (its
 * checkout, its preview's reminder) and on nothing else; it is never a signed-in caller.
 */
export const CLAIM_HOLDER_HEADER = "x-tubedigest-claim-holder";
export const CLAIM_HOLDER_PROOF_HEADER = "x-tubedigest-claim-holder-proof";

/**
 * The visitor's network address as the gateway saw it (after its trusted proxies), proved like the caller:
 * a service that counts what one client may do (the preview's new channels a day) keys on it, since the
 * connection it sees comes from the gateway, and a forwarded-for header from anyone else proves nothing.
 */
export const CLIENT_ADDRESS_HEADER = "x-tubedigest-client-address";
export const CLIENT_ADDRESS_PROOF_HEADER = "x-tubedigest-client-address-proof";

/** What a proof vouches for: a signed-in caller, a claim holder, or a client's address; each signed apart. */
export type Standing = "caller" | "claim-holder" | "client-address";

/** The header naming each standing's subject (a user id, an address) and the header with its proof. */
export const STANDING_HEADERS: Record<Standing, { subject: string; proof: string }> = {
  caller: { subject: CALLER_HEADER, proof: CALLER_PROOF_HEADER },
  "claim-holder": { subject: CLAIM_HOLDER_HEADER, proof: CLAIM_HOLDER_PROOF_HEADER },
  "client-address": { subject: CLIENT_ADDRESS_HEADER, proof: CLIENT_ADDRESS_PROOF_HEADER },
};

/** Accepted either side of the service's clock, so a little skew between hosts does no harm. */
const MAX_AGE_SECONDS = 300;

// Header values cannot hold a line break, so the fields cannot run into one another.
// A caller's proof keeps the fields it always had; the others add their standing, so no proof can be
// passed off as another's.
const mac = (secret: string, standing: Standing, subject: string, requestId: string, timestamp: string) =>
  createHmac("sha256", secret)
    .update(
      (standing === "caller"
        ? [VERSION, subject, requestId, timestamp]
        : [VERSION, standing, subject, requestId, timestamp]
      ).join("\n"),
    )
    .digest();

/**
 * What the gateway adds to a request it sends a service: the subject of a standing (who is calling, whose
 * claim the visitor holds, the client's address), its proof, and the request id the proof is bound to.
 */
function provedHeaders(
  secret: string,
  standing: Standing,
  subject: string,
  requestId: string,
): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = mac(secret, standing, subject, requestId, timestamp).toString("base64url");
  const headers = STANDING_HEADERS[standing];
  return {
    [headers.subject]: subject,
    [headers.proof]: `${VERSION}.${timestamp}.${signature}`,
    "x-request-id": requestId,
  };
}

/** For a request on the signed-in user's behalf. */
export const callerHeaders = (secret: string, userId: string, requestId: string) =>
  provedHeaders(secret, "caller", userId, requestId);

/** For a visitor holding a live claim on the account `userId`. */
export const claimHolderHeaders = (secret: string, userId: string, requestId: string) =>
  provedHeaders(secret, "claim-holder", userId, requestId);

/** For every request the gateway forwards: the address of the client it came from. */
export const clientAddressHeaders = (secret: string, address: string, requestId: string) =>
  provedHeaders(secret, "client-address", address, requestId);

/**
 * Why a proof does not hold for this subject and request id; undefined when it does. It holds when made
 * with any of `secrets`: the current one, and while it is being rotated the one before.
 */
export function callerProofProblem(
  secrets: readonly string[],
  standing: Standing,
  subject: string,
  requestId: string,
  proof: string | string[] | undefined,
): string | undefined {
  if (proof === undefined) return "no proof";
  const match = typeof proof === "string" ? PROOF.exec(proof) : null;
  if (!match) return "malformed proof";
  const [, timestamp = "", signature = ""] = match;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) return "expired proof";
  const given = Buffer.from(signature, "base64url");
  const madeWith = (secret: string) => {
    const expected = mac(secret, standing, subject, requestId, timestamp);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return secrets.some(madeWith) ? undefined : "wrong signature";
}
