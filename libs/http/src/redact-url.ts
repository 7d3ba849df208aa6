/**
 * Query parameters whose value is a credential, by name, compared lower-cased: the sign-in link's and the
 * unsubscribe link's `token`, and the names such values usually go by, so a link added later is covered
 * before anyone thinks of its log lines.
 */
const CREDENTIAL_PARAMETERS = new Set([
  "token",
  "t",
  "code",
  "key",
  "secret",
  "signature",
  "sig",
  "password",
  "access_token",
  "refresh_token",
  "id_token",
  "api_key",
  "apikey",
  "client_secret",
]);

export const REDACTED = "[Redacted]";

/**
 * Paths whose next segment is a credential: a private feed's secret, and a shared summary's id at its
 * owner and on its page. Whoever holds one reads what it opens, so it is logged no more than a token.
 */
const SECRET_PATHS = [["api", "feeds"], ["api", "shared-summaries"], ["s"]];

/** What a router or a later hop might read as the end of a segment, spelled out or percent-encoded. */
const SEPARATOR = /(\/|\\|%2f|%5c)/i;

/** An absolute-form target's scheme and host (`http://host`), kept as written before its path. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/\\]*/i;

/** A segment as a router might read it: percent-decoded byte by byte (never failing), lower-cased. */
function segmentName(segment: string): string {
  return segment
    .replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .toLowerCase();
}

/**
 * The path with everything after a secret path's prefix redacted, however the prefix is spelled
 * (`//`, `\`, `.` and `..` segments, percent-encoding, capitals): a refused spelling is logged too.
 */
function redactPath(path: string): string {
  const origin = ORIGIN.exec(path)?.[0] ?? "";
  // Segments at even places, each followed by the separator that ended it.
  const parts = path.slice(origin.length).split(SEPARATOR);
  // A prefix with no segment written after it holds no secret.
  const lastWritten = parts.findLastIndex((part, at) => at % 2 === 0 && part !== "");
  const names: string[] = [];
  let kept = origin;
  for (let i = 0; i < lastWritten; i += 2) {
    const segment = parts[i] ?? "";
    kept += segment + (parts[i + 1] ?? "");
    const name = segmentName(segment);
    if (name === "..") names.pop();
    else if (name !== "" && name !== ".") names.push(name);
    const secretFollows = SECRET_PATHS.some(
      (prefix) => prefix.length === names.length && prefix.every((part, at) => part === names[at]),
    );
    if (secretFollows) return kept + REDACTED;
  }
  return path;
}

/** A query parameter's name as the parser reads it (`+` is a space, `%74oken` is `token`), lower-cased and trimmed. */
function parameterName(written: string): string {
  const spaced = written.replaceAll("+", " ");
  let decoded = spaced;
  try {
    decoded = decodeURIComponent(spaced);
  } catch {
    // A malformed query is refused later; its log line still hides what looks like a credential.
  }
  return decoded.trim().toLowerCase();
}

/**
 * The URL for a log line: the path and every query parameter kept as written, except a secret in the
 * path (a feed's, a share's) and the value of each credential parameter (however spelled or repeated),
 * which become `[Redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return redactPath(url);
  const parameters = url
    .slice(queryAt + 1)
    .split("&")
    .map((parameter) => {
      const equalsAt = parameter.indexOf("=");
      if (equalsAt === -1) return parameter;
      const name = parameter.slice(0, equalsAt);
      return CREDENTIAL_PARAMETERS.has(parameterName(name)) ? `${name}=${REDACTED}` : parameter;
    });
  return `${redactPath(url.slice(0, queryAt))}?${parameters.join("&")}`;
}
