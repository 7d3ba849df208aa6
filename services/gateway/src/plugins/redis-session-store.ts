import type { SessionStore } from "@fastify/session";
import type { Session } from "fastify";
import type { Redis } from "ioredis";
import { onLiveRedis, redisReachable } from "./gateway-redis.ts";
import type { SessionReadCache } from "./session-read-cache.ts";

type Callback = (error?: unknown) => void;

/**
 * A session and its user's sign-out epoch (see session-epochs.ts) in one round trip. A session that
 * started before its user's sessions were ended is deleted here and read as none, so the browser's
 * cookie is cleared. The epoch's key is known only once the session is read, hence a script; it runs on
 * the one Redis that holds both (the gateway uses no Redis Cluster).
 */
const READ_SESSION = `
local value = redis.call("GET", KEYS[1])
if not value then return false end
local ok, session = pcall(cjson.decode, value)
if ok and type(session) == "table" and type(session.userId) == "string" then
  local ended = tonumber(redis.call("GET", ARGV[1] .. session.userId))
  if ended and (tonumber(session.startedAt) or 0) < ended then
    redis.call("DEL", KEYS[1])
    return false
  end
end
return value
`;

type ScriptedRedis = Redis & {
  readSession(key: string, epochPrefix: string): Promise<string | null>;
};

/**
 * Keeps sessions in Redis, each expiring on its own after the session lifetime. While Redis is away every
 * operation fails at once with the 503 that says sessions are unavailable. A session read in the last
 * second is answered from `cache`, which every replica's writes and deletions reach.
 */
export class RedisSessionStore implements SessionStore {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    /** Where the users' sign-out epochs are kept (`redisSessionEpochs`). */
    private readonly epochPrefix: string,
    private readonly cache: SessionReadCache,
  ) {
    // ioredis sends the script's SHA, and the script itself only when Redis does not know it yet.
    if (!("readSession" in redis)) redis.defineCommand("readSession", { numberOfKeys: 1, lua: READ_SESSION });
    this.redis = redis as ScriptedRedis;
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    onLiveRedis(this.redis, async (redis) => {
      await redis.set(this.prefix + sessionId, JSON.stringify(session), "EX", this.ttlSeconds);
      await this.cache.sessionChanged(sessionId);
    }).then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    const recalled = redisReachable(this.redis) ? this.cache.recall(sessionId) : undefined;
    if (recalled !== undefined) {
      callback(null, JSON.parse(recalled) as Session);
      return;
    }
    const marker = this.cache.readStarted();
    onLiveRedis(this.redis, () => this.redis.readSession(this.prefix + sessionId, this.epochPrefix)).then(
      (value) => {
        if (value === null) {
          callback(null, null);
          return;
        }
        const session = JSON.parse(value) as Session;
        this.cache.remember(sessionId, value, session.userId, marker);
        callback(null, session);
      },
      (error) => callback(error),
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    onLiveRedis(this.redis, async (redis) => {
      await redis.del(this.prefix + sessionId);
      await this.cache.sessionChanged(sessionId);
    }).then(() => callback(), callback);
  }
}
