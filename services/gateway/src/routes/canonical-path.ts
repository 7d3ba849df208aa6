/**
 * The one spelling of a request's path that the gateway routes, limits and forwards. Every other
 * spelling a server or URL parser might read differently — `\`, `.` and `..` segments in any encoding,
 * `//`, NUL and other control characters, invalid percent-encoding — is refused instead of guessed at,
 * so no hop after the gateway can see a different path from the one the gateway decided on.
 */
export type CanonicalTarget = { ok: true; path: string; query: string } | { ok: false; message: string };

export const PATH_REFUSED = "This address is not valid: remove dot segments, backslashes and odd characters.";

// RFC 3986 pchar without "%" (handled on its own): unreserved, sub-delims, ":" and "@".
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%]*$/;
const PERCENT_TRIPLET = /%(?![0-9A-Fa-f]{2})/;
// Control characters (C0, DEL, C1): no canonical path holds one, decoded or not.
const CONTROL = /\p{Cc}/u;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function decodeSegment(segment: string): string | undefined {
  if (!PCHAR.test(segment) || PERCENT_TRIPLET.test(segment)) return undefined;
  if (!segment.includes("%")) return segment;
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    if (segment[i] === "%") {
      bytes.push(Number.parseInt(segment.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(segment.charCodeAt(i));
  }
  try {
    return strictUtf8.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/**
 * Splits an origin-form request target into its canonical path and its query, which is passed on as
 * sent: the gateway never reads it, the service that owns the route does.
 */
export function canonicalTarget(rawUrl: string): CanonicalTarget {
  const refused = { ok: false, message: PATH_REFUSED } as const;
  if (!rawUrl.startsWith("/")) return refused;
  const queryAt = rawUrl.indexOf("?");
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? "" : rawUrl.slice(queryAt + 1);
  if (rawPath === "/") return { ok: true, path: "/", query };
  const segments = rawPath.slice(1).split("/");
  const canonical: string[] = [];
  for (const [index, segment] of segments.entries()) {
    // A trailing slash is a path of its own to every router here; an empty segment anywhere else is `//`.
    if (segment === "" && index !== segments.length - 1) return refused;
    const decoded = decodeSegment(segment);
    if (decoded === undefined || decoded === "." || decoded === "..") return refused;
    if (decoded.includes("/") || decoded.includes("\\") || CONTROL.test(decoded)) return refused;
    canonical.push(encodeURIComponent(decoded));
  }
  return { ok: true, path: `/${canonical.join("/")}`, query };
}
