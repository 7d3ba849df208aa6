import { describeAddress, reportOutages } from "@tubedigest/http";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { JsonCache } from "./json-cache.ts";

/** The real setup's cache, shared by every catalog instance. */
export function createRedisJsonCache(options: { url: string; keyPrefix: string; log: Logger }): JsonCache {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // A cache that is down must cost a request little: fail fast and answer from YouTube instead.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  reportOutages(redis, {
    log: options.log,
    part: `Redis at ${describeAddress(options.url)}`,
    consequence: "searches are answered without the cache",
  });
  // While Redis is away every call is a miss at once, instead of a wait for the next reconnection.
  const live = () => redis.status === "ready";
  const failed = (error: unknown, operation: string) =>
    options.log.warn(
      { operation, reason: error instanceof Error ? error.message : String(error) },
      "a search cache call failed; answering without the cache",
    );
  return {
    available: live,
    async get<T>(key: string) {
      if (!live()) return undefined;
      try {
        const json = await redis.get(key);
        return json === null ? undefined : (JSON.parse(json) as T);
      } catch (error) {
        failed(error, "get");
        return undefined;
      }
    },
    async set(key, value, ttlSeconds) {
      if (!live()) return;
      try {
        await redis.set(key, JSON.stringify(value), "EX", Math.max(1, Math.round(ttlSeconds)));
      } catch (error) {
        failed(error, "set");
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
