import type { Redis } from "ioredis";
import { onLiveRedis } from "./gateway-redis.ts";
import type { MemorySessionStore } from "./memory-session-store.ts";
import type { SessionReadCache } from "./session-read-cache.ts";

/**
 * When each user's sessions were last ended: a session of that user that started earlier is no longer
 * valid. Ending every session of a user this way costs one write, wherever the sessions are stored.
 */
export interface SessionEpochs {
  endSessionsBefore(userId: string, moment: number): Promise<void>;
}

/**
 * Kept beside the sessions in Redis, each forgotten once no session it could void is still alive. The
 * store reads a session's epoch with the session itself, in the same round trip (redis-session-store.ts).
 */
export function redisSessionEpochs(
  redis: Redis,
  prefix: string,
  ttlSeconds: number,
  cache: SessionReadCache,
): SessionEpochs {
  return {
    async endSessionsBefore(userId, moment) {
      await onLiveRedis(redis, async (live) => {
        await live.set(prefix + userId, String(moment), "EX", ttlSeconds);
        await cache.userSessionsEnded(userId);
      });
    },
  };
}

/**
 * The embedded product's sessions are all in this process, so ending a user's sessions removes them
 * from the store at once and nothing is left to check on later requests.
 */
export function memorySessionEpochs(store: MemorySessionStore): SessionEpochs {
  return {
    async endSessionsBefore(userId, moment) {
      store.removeSessionsOf(userId, moment);
    },
  };
}
