import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error.ts";

const MALFORMED = Symbol("malformed query string");

export const MALFORMED_QUERY =
  "The query string is not valid: each % must begin a percent-encoded UTF-8 character, such as %20.";

function isWellEncoded(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The router's query parser. An error thrown here would escape Fastify's error handling (the router
 * calls it outside any request), so invalid percent-encoding is only marked, and refused by the hook
 * below. Otherwise it parses as Fastify does: repeated keys give arrays, no prototype to pollute.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const query: Record<string | symbol, string | string[]> = Object.create(null);
  if (!isWellEncoded(text)) {
    query[MALFORMED] = "";
    return query;
  }
  for (const [key, value] of new URLSearchParams(text)) {
    const earlier = query[key];
    if (earlier === undefined) query[key] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else query[key] = [earlier, value];
  }
  return query;
}

/** A 400 for a query string the parser marked, before any other hook or handler reads it. */
export function refuseMalformedQueries(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const query: unknown = request.query;
    if (typeof query === "object" && query !== null && MALFORMED in query) {
      throw new HttpError(400, MALFORMED_QUERY);
    }
  });
}
