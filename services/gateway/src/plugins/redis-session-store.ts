import type { SessionStore } from "@fastify/session";
import type { Session } from "fastify";
import type { Redis } from "ioredis";
import { onLiveRedis } from "./gateway-redis.ts";

type Callback = (error?: unknown) => void;

/**
 * Keeps sessions in Redis, each expiring on its own after the session lifetime. While Redis is away every
 * operation fails at once with the 503 that says sessions are unavailable.
 */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  set(sessionId: string, session: Session, callback: Callback): void {
    onLiveRedis(this.redis, (redis) =>
      redis.set(this.prefix + sessionId, JSON.stringify(session), "EX", this.ttlSeconds),
    ).then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    onLiveRedis(this.redis, (redis) => redis.get(this.prefix + sessionId)).then(
      (value) => callback(null, value === null ? null : (JSON.parse(value) as Session)),
      (error) => callback(error),
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    onLiveRedis(this.redis, (redis) => redis.del(this.prefix + sessionId)).then(() => callback(), callback);
  }
}
