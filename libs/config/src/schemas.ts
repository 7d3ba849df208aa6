import { isIP } from "node:net";
import Type, { type TSchemaOptions } from "typebox";

/** pino's levels, most severe first, and silent: what LOG_LEVEL may name. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const LogLevel = Type.Union(
  LOG_LEVELS.map((level) => Type.Literal(level)),
  { default: "info", description: "How much the process logs (pino's levels, most severe first)" },
);

/** The two ways a process runs: cookies are `Secure` in production. */
export function AppEnv(defaultValue: "development" | "production", options: TSchemaOptions = {}) {
  return Type.Union([Type.Literal("development"), Type.Literal("production")], {
    default: defaultValue,
    description: "`production` marks cookies `Secure` and turns off the development tools",
    ...options,
  });
}

export function Port(options: TSchemaOptions = {}) {
  return Type.Integer({ minimum: 1, maximum: 65535, ...options });
}

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** An IP address, or a host name whose last label is not all digits (so 999.1.1.1 is neither). */
function isHost(text: string): boolean {
  if (isIP(text) !== 0) return true;
  const labels = text.split(".");
  return (
    text.length <= 253 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1] ?? "")
  );
}

/** Where a process listens: an interface's address, or a name that resolves to one. */
export function Host(defaultValue: string, options: TSchemaOptions = {}) {
  return Type.Refine(
    Type.String({ default: defaultValue, description: "The interface the process listens on", ...options }),
    isHost,
    () => "must be an IP address (such as 0.0.0.0, 127.0.0.1 or ::) or a host name (such as localhost)",
  );
}

/** A URL with one of the given schemes and a host: `Url(["amqp", "amqps"])`. */
export function Url(schemes: readonly string[], options: TSchemaOptions = {}) {
  return Type.Refine(
    Type.String(options),
    (text) => {
      const url = URL.parse(text);
      return url !== null && url.hostname !== "" && schemes.includes(url.protocol.slice(0, -1));
    },
    () => `must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(" or ")}`,
  );
}

/** A site's origin: scheme, host and optional port, nothing after. */
export function Origin(options: TSchemaOptions = {}) {
  return Type.Refine(
    Type.String(options),
    (text) => /^https?:\/\/[^/?#]+$/.test(text) && URL.parse(text) !== null,
    () => "must be an origin: http:// or https://, the host and an optional port, nothing after",
  );
}

/** Text matching `pattern`; `expected` says in words what that is ("a schema name: ..."). */
export function Matching(pattern: RegExp, expected: string, options: TSchemaOptions = {}) {
  return Type.Refine(
    Type.String(options),
    (text) => pattern.test(text),
    () => `must be ${expected}`,
  );
}

/** The Postgres schema a service owns (libs/db accepts the same names). */
export function SchemaName(defaultValue: string) {
  return Matching(
    /^[a-z_][a-z0-9_]{0,62}$/,
    "a schema name: up to 63 lower-case letters, digits and _, not starting with a digit",
    { default: defaultValue, description: "The Postgres schema the service owns and migrates at start-up" },
  );
}
