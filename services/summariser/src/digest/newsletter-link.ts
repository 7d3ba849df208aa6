import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How long an e-mail's "Read in your browser" link reads its newsletter without signing in, from when the
 * newsletter was made. A reader signed in on the device reads it at any time.
 */
export const NEWSLETTER_LINK_DAYS = 60;

/** `v1.` and an HMAC-SHA256 in base64url: names nothing, so the link carries no address or account. */
const TOKEN = /^v1\.([\w-]{43})$/;

/** A key of its own for these links, derived from the shared secret so operators keep one secret. */
export function newsletterLinkKeyFrom(identitySecret: string): Buffer {
  return createHmac("sha256", identitySecret).update("tubedigest newsletter links v1").digest();
}

const mac = (key: Buffer, newsletter: { id: string; userId: string }) =>
  createHmac("sha256", key).update(`v1\n${newsletter.id}\n${newsletter.userId}`).digest();

/** The token of a newsletter's "Read in your browser" link: it opens that newsletter and nothing else. */
export function newsletterLinkToken(key: Buffer, newsletter: { id: string; userId: string }): string {
  return `v1.${mac(key, newsletter).toString("base64url")}`;
}

/** Whether `token` was made for this newsletter of this reader (not whether it is still in time). */
export function isNewsletterLinkToken(
  key: Buffer,
  token: string,
  newsletter: { id: string; userId: string },
): boolean {
  const given = TOKEN.exec(token)?.[1];
  if (given === undefined) return false;
  const signature = Buffer.from(given, "base64url");
  const expected = mac(key, newsletter);
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}

/** Whether a link to a newsletter made at `createdAt` still reads it at `now`. */
export function newsletterLinkInTime(createdAt: Date, now: Date): boolean {
  return now.getTime() < createdAt.getTime() + NEWSLETTER_LINK_DAYS * 24 * 3_600_000;
}
