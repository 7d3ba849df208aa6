import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * An unsubscribe link's token: `v1.<user id>.<HMAC-SHA256, base64url>`. It never expires (a link in an
 * old digest must still work) and names only who unsubscribes; a forged or altered one is refused.
 */
const TOKEN = /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

/** A key of its own for these tokens, derived from the shared secret so operators keep one secret. */
export function unsubscribeKeyFrom(identitySecret: string): Buffer {
  return createHmac("sha256", identitySecret).update("tubedigest unsubscribe links v1").digest();
}

const mac = (key: Buffer, userId: string) => createHmac("sha256", key).update(`v1\n${userId}`).digest();

export function unsubscribeToken(key: Buffer, userId: string): string {
  return `v1.${userId}.${mac(key, userId).toString("base64url")}`;
}

/** The user a token names, or undefined when it is not one of ours. */
export function userOfUnsubscribeToken(key: Buffer, token: string): string | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, userId = "", signature = ""] = match;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
