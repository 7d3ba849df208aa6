import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * An unsubscribe link's token: `v2.<user id>.<generation>.<HMAC-SHA256 of both, base64url>`. It never
 * expires (a link in an old digest must still work) and names only who unsubscribes, and the generation
 * of that reader's links it was signed for: it works while that generation is still theirs (securing
 * the account moves it on, see readerOfUnsubscribeLink). `v1.<user id>.<HMAC>`, signed before there were
 * generations, is of the first one, 0. A forged or altered token is refused.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const SIGNATURE = "[\\w-]{43}";
const TOKEN = new RegExp(`^(?:v1\\.(${UUID})|v2\\.(${UUID})\\.(0|[1-9][0-9]{0,8}))\\.(${SIGNATURE})$`);

/** What a token signs: the reader, and the generation of their links. */
export interface UnsubscribeSigned {
  userId: string;
  generation: number;
}

/** A key of its own for these tokens, derived from the shared secret so operators keep one secret. */
export function unsubscribeKeyFrom(identitySecret: string): Buffer {
  return createHmac("sha256", identitySecret).update("tubedigest unsubscribe links v1").digest();
}

const mac = (key: Buffer, signed: string) => createHmac("sha256", key).update(signed).digest();
const v1Signed = (userId: string) => `v1\n${userId}`;
const v2Signed = ({ userId, generation }: UnsubscribeSigned) => `v2\n${userId}\n${generation}`;

/** The token of a reader's links of `generation` (0 until they first secure their account). */
export function unsubscribeToken(key: Buffer, userId: string, generation = 0): string {
  const signature = mac(key, v2Signed({ userId, generation })).toString("base64url");
  return `v2.${userId}.${generation}.${signature}`;
}

/** The reader and generation a token was signed for, or undefined when it is not one of ours. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeSigned | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, v1User, v2User, generation = "0", signature = ""] = match;
  const read = { userId: v1User ?? v2User ?? "", generation: Number(generation) };
  const expected = mac(key, v1User ? v1Signed(v1User) : v2Signed(read));
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? read : undefined;
}

/** Every token naming this reader, of any version and generation, wherever it stands in a text. */
export const unsubscribeTokensOf = (userId: string): RegExp =>
  new RegExp(`v1\\.${userId}\\.${SIGNATURE}|v2\\.${userId}\\.[0-9]+\\.${SIGNATURE}`, "g");
