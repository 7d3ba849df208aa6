import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error.ts";

/**
 * The names by which this machine reaches itself. A page on another site can point a name of its own at
 * 127.0.0.1 (DNS rebinding), but its requests then carry that name as Host: refusing every other name
 * keeps a development server, and the mailbox of sign-in links behind it, to pages of this machine.
 */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Probes reach a service by the pod's or container's address, and learn only up or down. */
const PROBE_PATHS = new Set(["/healthz", "/readyz"]);

/** `name` or `name:port`, an IPv6 address in brackets. */
const HOST = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i;

function isLoopbackOrigin(origin: string): boolean {
  const url = URL.parse(origin);
  return (
    url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    LOOPBACK_NAMES.has(url.hostname) &&
    url.origin === origin
  );
}

/**
 * Refuses a request whose Host is not localhost, 127.0.0.1 or [::1] (any port) with a 421, and one sent
 * by a page of another origin with a 403, each saying which address to open instead. Runs once the
 * app's own onRequest hooks have (the gateway's security headers among them), before any body is read
 * or any handler, and so anything forwarded, runs.
 */
export function refuseForeignHosts(app: FastifyInstance): void {
  app.addHook("preParsing", async (request) => {
    if (PROBE_PATHS.has(request.url.split("?")[0] ?? "")) return;
    const host = HOST.exec(request.headers.host ?? "");
    const port = host?.[2] ? `:${host[2]}` : "";
    const instead = `Open http://localhost${port} instead.`;
    if (!host || !LOOPBACK_NAMES.has((host[1] ?? "").toLowerCase())) {
      throw new HttpError(
        421,
        `This development server answers only at localhost, 127.0.0.1 or [::1]. ${instead}`,
      );
    }
    const { origin } = request.headers;
    if (origin !== undefined && !isLoopbackOrigin(origin)) {
      throw new HttpError(403, `This development server answers only pages of this machine. ${instead}`);
    }
  });
}
