import { Redis } from "ioredis";
import type { JsonCache } from "./json-cache.ts";

/** The real setup's cache, shared by every catalog instance. */
export function createRedisJsonCache(options: {
  url: string;
  keyPrefix: string;
  onError: (error: unknown, operation: string) => void;
}): JsonCache {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // A cache that is down must cost a request little: fail fast and answer from YouTube instead.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  // Without a listener ioredis reports connection errors as unhandled; the failed commands are enough.
  redis.on("error", () => {});
  return {
    async get<T>(key: string) {
      try {
        const json = await redis.get(key);
        return json === null ? undefined : (JSON.parse(json) as T);
      } catch (error) {
        options.onError(error, "get");
        return undefined;
      }
    },
    async set(key, value, ttlSeconds) {
      try {
        await redis.set(key, JSON.stringify(value), "EX", Math.max(1, Math.round(ttlSeconds)));
      } catch (error) {
        options.onError(error, "set");
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
