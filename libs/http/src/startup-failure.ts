const DEFAULT_PORTS: Record<string, string> = {
  postgres: "5432",
  postgresql: "5432",
  redis: "6379",
  rediss: "6379",
  amqp: "5672",
  amqps: "5671",
};

/** Where a URL points, for messages and logs: host, port and path, never the user or password. */
export function describeAddress(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return "(an unreadable URL)";
  const scheme = parsed.protocol.slice(0, -1);
  const port = parsed.port || DEFAULT_PORTS[scheme] || "";
  const path = parsed.pathname === "/" ? "" : parsed.pathname;
  return `${parsed.hostname}${port ? `:${port}` : ""}${path}`;
}

/** The outside parts a process starts against, so a failure can be blamed on the right one. */
export interface StartupParts {
  /** The Postgres URL (DATABASE_URL) start-up connects to and migrates. */
  databaseUrl?: string | undefined;
  /** Where the process listens, with the variables that chose it ("PORT, HOST"). */
  listeners?: readonly { host: string; port: number; variables: string }[];
}

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
}

const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ECONNRESET: "connection reset",
};

const UNKNOWN_HOST = new Set(["ENOTFOUND", "EAI_AGAIN"]);

const LISTEN_FAILURES: Record<string, string> = {
  EADDRINUSE: "the port is already in use; stop the program using it or choose another port",
  EACCES: "not allowed (ports below 1024 need privileges); choose a port above 1023",
  EADDRNOTAVAIL: "no network interface of this machine has that address; choose one it has, or 0.0.0.0",
  ENOTFOUND: "the host name does not resolve; choose an address or a name this machine has",
};

/** The error and its causes, outermost first (a migration failure wraps the driver's error). */
function chainOf(error: unknown): SystemError[] {
  const chain: SystemError[] = [];
  for (let link = error; typeof link === "object" && link !== null; link = (link as SystemError).cause) {
    chain.push(link as SystemError);
    if (chain.length > 10) break;
  }
  return chain;
}

function userOf(databaseUrl: string): string {
  return decodeURIComponent(URL.parse(databaseUrl)?.username ?? "") || "(the default user)";
}

function describeDatabaseFailure(databaseUrl: string, error: SystemError): string | undefined {
  const address = describeAddress(databaseUrl);
  const code = String(error.code);
  const network = NETWORK_FAILURES[code];
  // A network error about this database's host or port, not some other part's.
  const url = URL.parse(databaseUrl);
  const aboutThisHost =
    error.hostname === url?.hostname || String(error.port) === (url?.port || DEFAULT_PORTS.postgres);
  if (network && aboutThisHost) {
    const advice = UNKNOWN_HOST.has(code)
      ? "check the host name in DATABASE_URL"
      : "start Postgres there, or set DATABASE_URL to one that runs";
    return `Cannot reach the database at ${address} (${network}): ${advice}.`;
  }
  // Postgres's own refusals, by SQLSTATE class: these are about the database, not the code.
  if (code === "3D000") {
    const name = address.split("/")[1] ?? "";
    return `The database at ${address} does not exist: create it (createdb ${name}), or set DATABASE_URL to one that exists.`;
  }
  if (code.startsWith("28")) {
    return `The database at ${address} refused user "${userOf(databaseUrl)}" (${error.message}): check the user and password in DATABASE_URL.`;
  }
  if (code === "42501") {
    return `The database at ${address} does not let user "${userOf(databaseUrl)}" create or use the service's schema (${error.message}): grant it, or set DATABASE_URL to a user that may.`;
  }
  if (code.startsWith("08") || code.startsWith("53") || code.startsWith("57")) {
    return `The database at ${address} cannot take connections now (${error.message}): check that it runs and has room, then start again.`;
  }
  return undefined;
}

function describeListenFailure(parts: StartupParts, error: SystemError): string | undefined {
  const reason = LISTEN_FAILURES[String(error.code)];
  if (!reason) return undefined;
  const listener = parts.listeners?.find(
    ({ host, port }) => error.port === port || error.address === host || error.hostname === host,
  );
  if (!listener || (error.syscall !== "listen" && error.code !== "ENOTFOUND")) return undefined;
  return `Cannot listen on ${listener.host}:${listener.port} (${listener.variables}): ${reason}.`;
}

/**
 * One sentence for a start-up failure caused by an outside part (an unreachable, missing or refusing
 * database, a port in use): what failed, at which address (never a password), and what to do. Undefined
 * for any other error, which is a fault of the code and keeps its stack trace.
 */
export function describeStartupFailure(error: unknown, parts: StartupParts): string | undefined {
  for (const link of chainOf(error)) {
    // MIGRATIONS=wait gave up: its message already says what to run; a stack trace would bury it.
    if (link.code === "SCHEMA_NOT_CURRENT") return String(link.message);
    // Node reports one failed attempt per address of a host name (IPv4 and IPv6) together.
    const attempts = Array.isArray(link.errors) ? (link.errors as SystemError[]) : [];
    for (const candidate of [link, ...attempts]) {
      const described =
        describeListenFailure(parts, candidate) ??
        (parts.databaseUrl ? describeDatabaseFailure(parts.databaseUrl, candidate) : undefined);
      if (described) return described;
    }
  }
  return undefined;
}

/**
 * Runs a process's start-up; a failure caused by an outside part stops the process with one line on
 * stderr saying what to do, instead of a stack trace. Any other failure is thrown on.
 */
export async function startOrExit<T>(parts: StartupParts, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const described = describeStartupFailure(error, parts);
    if (!described) throw error;
    console.error(described);
    process.exit(1);
  }
}
