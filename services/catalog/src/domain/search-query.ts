import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "./messages.ts";

export const MAX_QUERY_LENGTH = 200;

/**
 * A search needs at least 2 non-blank characters (docs/product.md#validation). Returns the query as it is
 * sent to YouTube (spacing collapsed) and the key its answer is cached under (also case-folded), so "Ab " and
 * "ab" cost one search between them.
 */
export function normaliseQuery(raw: string): { text: string; cacheKey: string } {
  const text = raw.normalize("NFKC").trim().replace(/\s+/gu, " ");
  if ([...text.replace(/\s/gu, "")].length < 2) throw new HttpError(400, messages.queryTooShort);
  if ([...text].length > MAX_QUERY_LENGTH) throw new HttpError(400, messages.queryTooLong);
  return { text, cacheKey: text.toLowerCase() };
}
