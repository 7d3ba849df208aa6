import { describeAddress, HttpError, type Outages, reportOutages } from "@tubedigest/http";
import { Redis } from "ioredis";
import type { Logger } from "pino";

export const SESSIONS_UNAVAILABLE =
  "Sessions are unavailable right now, so signing in does not work. Please try again in a few minutes.";

const outagesOf = new WeakMap<Redis, Outages>();

const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The Redis holding sessions and rate-limit counters, once its first connection has succeeded or failed.
 * It reconnects in the background, so the gateway starts and keeps serving while Redis is away: pages
 * and searches work, signing in answers 503, and the outage is logged once with Redis's address.
 */
export async function connectGatewayRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableOfflineQueue: true,
  });
  const outages = reportOutages(redis, {
    log,
    part: `Redis at ${describeAddress(url)}`,
    consequence: "signing in answers 503 and rate limits count in this process only",
  });
  outagesOf.set(redis, outages);
  // Known up or known down before the first request, so no request waits on the first attempt.
  await new Promise<void>((settled) => {
    redis.once("ready", settled).once("error", () => settled());
  });
  return redis;
}

/** False from a failed connection until the next one succeeds. */
export function redisReachable(redis: Redis): boolean {
  return !outagesOf.get(redis)?.ongoing;
}

/**
 * Runs a session command unless Redis is known to be away, so a browser waits for no reconnection
 * attempt; any failure is the 503 that says sessions are unavailable (the outage itself is logged once).
 */
export async function onLiveRedis<T>(redis: Redis, command: (redis: Redis) => Promise<T>): Promise<T> {
  if (!redisReachable(redis)) throw new HttpError(503, SESSIONS_UNAVAILABLE);
  try {
    return await command(redis);
  } catch {
    throw new HttpError(503, SESSIONS_UNAVAILABLE);
  }
}
