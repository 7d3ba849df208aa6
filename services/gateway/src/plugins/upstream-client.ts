import { Agent } from "undici";

/** The longest the gateway waits for a service's answer to begin, or for its next bytes once it has. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * The gateway's one HTTP client for the services it fronts: a pool of kept-alive connections per service,
 * shared by the proxy and the answers the gateway composes itself (current-user). undici's dispatcher
 * costs less CPU per call than Node's `http` client or `fetch()`, whose WHATWG layer sits on top of it.
 */
export function createUpstreamClient(): Agent {
  return new Agent({ headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS });
}
