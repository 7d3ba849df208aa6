import { createHash, randomBytes } from "node:crypto";

/**
 * The secrets in links auth mails (sign-in, confirming a new address): 256 random bits, so guessing a live
 * one is out of reach however fast anyone asks. Only their hash is stored: reading the tables gives no
 * one a way in.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOfLinkToken(token) };
}

export const hashOfLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");
