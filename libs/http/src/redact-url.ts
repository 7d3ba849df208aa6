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
 * The URL for a log line: the path and every query parameter kept as written, except the value of each
 * credential parameter (however spelled or repeated), which becomes `[Redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const parameters = url
    .slice(queryAt + 1)
    .split("&")
    .map((parameter) => {
      const equalsAt = parameter.indexOf("=");
      if (equalsAt === -1) return parameter;
      const name = parameter.slice(0, equalsAt);
      return CREDENTIAL_PARAMETERS.has(parameterName(name)) ? `${name}=${REDACTED}` : parameter;
    });
  return `${url.slice(0, queryAt)}?${parameters.join("&")}`;
}
