import { clientNetwork, type ServiceApp } from "@tubedigest/http";
import type { onRequestHookHandler } from "fastify";
import type { RateLimits } from "../config.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every group of routes the gateway counts, with what it may take per client in what window. The numbers
 * come from the environment (`RateLimitEnvironment` in config.ts, where their defaults are); the windows
 * are the product's.
 */
export function rateLimitTable(limits: RateLimits) {
  return {
    // Sign-in, sign-up, link look-ups and e-mail confirmations: each proves or tries a credential.
    "sign-in": { max: limits.signInRateLimit.max, windowMs: limits.signInRateLimit.windowSeconds * 1000 },
    // Password, address and deletion calls: each checks a password or mails someone.
    "account-changes": { max: limits.accountChangeRateLimit, windowMs: HOUR_MS },
    // Channel searches and subscriptions-file lookups: each may spend YouTube quota.
    search: { max: limits.searchRateLimit, windowMs: MINUTE_MS },
    // Each may make summaries, which cost model time.
    summaries: { max: limits.summaryRateLimit, windowMs: MINUTE_MS },
    // The hidden tool's calls are password tries too.
    "summary-tool": { max: limits.summaryToolRateLimit, windowMs: MINUTE_MS },
    // Each call may send an e-mail to any address typed into the preview page.
    abandonment: { max: limits.abandonmentRateLimit, windowMs: MINUTE_MS },
    "newsletter-now": { max: limits.newsletterRateLimit, windowMs: HOUR_MS },
    checkout: { max: limits.checkoutRateLimit, windowMs: MINUTE_MS },
  } as const;
}

export type RateLimitGroup = keyof ReturnType<typeof rateLimitTable>;

/**
 * One counter per group and client, whichever path of the group is called: the routes match canonical
 * paths, so no other spelling of these paths reaches a service without being counted. A client is its
 * IPv4 address or its IPv6 /64, so stepping through the addresses of one network counts as one client.
 */
export function rateLimiters(
  app: ServiceApp,
  limits: RateLimits,
): Record<RateLimitGroup, onRequestHookHandler> {
  const table = rateLimitTable(limits);
  const hooks = Object.entries(table).map(([group, { max, windowMs }]) => [
    group,
    app.rateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `${group}:${clientNetwork(request.ip)}`,
    }),
  ]);
  return Object.fromEntries(hooks) as Record<RateLimitGroup, onRequestHookHandler>;
}
