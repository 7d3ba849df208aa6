import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { redisReachable } from "./gateway-redis.ts";
import { setNewestWithin } from "./newest-within.ts";

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;

// One round trip: count, start the window on the first hit, answer what is left of it.
const COUNT_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { current, redis.call('PTTL', KEYS[1]) }
`;

/** Bounded, so a flood of addresses during an outage cannot grow the process without end. */
const MAX_LOCAL_KEYS = 10_000;

/** Counts in this process: each replica limits on its own, a looser limit but still one. */
class LocalCounts {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  count(key: string, windowMs: number): Count {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      setNewestWithin(this.#windows, key, window, MAX_LOCAL_KEYS);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/**
 * Rate-limit counters in Redis, shared by every gateway; while Redis is away they are counted in this
 * process instead, so searches keep working and stay limited, rather than failing or going unlimited.
 * The keys already name their limit ("search:<address>"), so every route shares one store.
 */
export function redisOrLocalRateLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const local = new LocalCounts();
  return class RedisOrLocalStore implements FastifyRateLimitStore {
    incr(key: string, done: Done, timeWindow: number): void {
      if (!redisReachable(redis)) {
        done(null, local.count(key, timeWindow));
        return;
      }
      (redis.eval(COUNT_IN_WINDOW, 1, prefix + key, timeWindow) as Promise<[number, number]>).then(
        ([current, ttl]) => done(null, { current, ttl }),
        () => done(null, local.count(key, timeWindow)),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
