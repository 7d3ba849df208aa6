import type { ServiceApp } from "@tubedigest/http";
import { HttpError } from "@tubedigest/http/http-error";
import { isSessionless } from "./sessionless-calls.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests a browser sends on behalf of another site. Browsers always send Origin
 * (and Sec-Fetch-Site) with such requests; clients without them (curl, servers) are not browsers.
 * Stripe's webhook and one-click unsubscribes are left alone: they are never sent with a session (see
 * sessionless-calls.ts), so there is no user to forge a request for, and their signature decides.
 */
export function registerSameOriginGuard(app: ServiceApp, publicOrigin: string | undefined): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || isSessionless(request)) return;
    const fetchSite = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && !isOwnOrigin(origin, request.host, publicOrigin);
    if (fetchSite === "cross-site" || foreignOrigin) {
      throw new HttpError(403, "This request came from another website and was refused.");
    }
  });
}

function isOwnOrigin(origin: string, host: string, publicOrigin: string | undefined): boolean {
  if (publicOrigin) return origin === publicOrigin;
  // Without a configured origin, compare hosts only: TLS may end at a proxy in front of the gateway.
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // "null" and other opaque origins
  }
}
