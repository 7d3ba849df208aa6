import { eventually } from "@tubedigest/testing/eventually";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { startTcpProxy, type TcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import type { Session } from "fastify";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectGatewayRedis } from "../src/plugins/gateway-redis.ts";
import { RedisSessionStore } from "../src/plugins/redis-session-store.ts";
import { redisSessionEpochs, type SessionEpochs } from "../src/plugins/session-epochs.ts";
import { SessionReadCache } from "../src/plugins/session-read-cache.ts";

const ANN = "11111111-1111-4111-8111-111111111111";
const TTL_SECONDS = 60;

/** One gateway replica's sessions: its Redis connection, its read cache, its store and its epochs. */
interface Replica {
  redis: Redis;
  changes: Redis;
  cache: SessionReadCache;
  store: RedisSessionStore;
  epochs: SessionEpochs;
}

describe("sessions read again within a second, on real Redis (two gateway replicas)", () => {
  const prefix = `${uniqueName("session-cache")}:`;
  const replicas: Replica[] = [];
  let direct: Redis;
  let proxy: TcpProxy;

  /** A replica; its cache hears of changes through `changesUrl` (in production the store's own Redis). */
  const startReplica = async (url: string, lifetimeMs: number, changesUrl = url): Promise<Replica> => {
    const redis = await connectGatewayRedis(url, pino({ level: "silent" }));
    const changes = changesUrl === url ? redis : new Redis(changesUrl).on("error", () => undefined);
    const cache = await SessionReadCache.start(changes, `${prefix}session-changes`, lifetimeMs);
    const epochPrefix = `${prefix}session-epoch:`;
    const replica = {
      redis,
      changes,
      cache,
      store: new RedisSessionStore(redis, `${prefix}session:`, TTL_SECONDS, epochPrefix, cache),
      epochs: redisSessionEpochs(redis, epochPrefix, TTL_SECONDS, cache),
    };
    replicas.push(replica);
    return replica;
  };
  const read = (replica: Replica, sessionId: string) =>
    new Promise<Session | null | undefined>((resolve, reject) =>
      replica.store.get(sessionId, (error, session) => (error ? reject(error) : resolve(session))),
    );
  const write = (replica: Replica, sessionId: string, session: object) =>
    new Promise<void>((resolve, reject) =>
      replica.store.set(sessionId, session as Session, (error) => (error ? reject(error) : resolve())),
    );
  const destroy = (replica: Replica, sessionId: string) =>
    new Promise<void>((resolve, reject) =>
      replica.store.destroy(sessionId, (error) => (error ? reject(error) : resolve())),
    );
  const annsSession = (startedAt = Date.now()) => ({ userId: ANN, startedAt, renewedAt: startedAt });

  beforeAll(async () => {
    direct = new Redis(testInfra.redisUrl);
    const { hostname, port } = new URL(testInfra.redisUrl);
    proxy = await startTcpProxy({ host: hostname, port: Number(port || 6379) });
  });
  afterEach(async () => {
    proxy.acceptConnections();
    for (const replica of replicas.splice(0)) {
      await replica.cache.close();
      await replica.redis.quit();
      if (replica.changes !== replica.redis) replica.changes.disconnect();
    }
  });
  afterAll(async () => {
    await direct.quit();
    await proxy.close();
    await deleteRedisKeys(prefix);
  });

  it("answers a session read in the last second without asking Redis, and asks again after it", async () => {
    const replica = await startReplica(testInfra.redisUrl, 300);
    await write(replica, "read-twice", annsSession());
    expect(await read(replica, "read-twice")).toMatchObject({ userId: ANN });
    // Gone from Redis behind the replicas' backs (nothing announced): the second read still has it...
    await direct.del(`${prefix}session:read-twice`);
    expect(await read(replica, "read-twice")).toMatchObject({ userId: ANN });
    // ...and once its second is up the replica asks Redis again.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await read(replica, "read-twice")).toBeNull();
  });

  it("forgets on every replica, within moments, a session another replica changed or ended", async () => {
    // A lifetime of a minute: only the announcement can make the others read Redis again this soon.
    const [one, other] = [
      await startReplica(testInfra.redisUrl, 60_000),
      await startReplica(testInfra.redisUrl, 60_000),
    ];
    await write(one, "signed-in", annsSession());
    expect(await read(other, "signed-in")).toMatchObject({ userId: ANN });

    await write(one, "signed-in", { ...annsSession(), userId: "22222222-2222-4222-8222-222222222222" });
    await eventually(
      async () => ((await read(other, "signed-in"))?.userId !== ANN ? true : undefined),
      1_000,
    );

    await destroy(one, "signed-in");
    await eventually(async () => ((await read(other, "signed-in")) === null ? true : undefined), 1_000);
  });

  it("forgets on every replica the sessions of a user whose sessions were ended", async () => {
    const [one, other] = [
      await startReplica(testInfra.redisUrl, 60_000),
      await startReplica(testInfra.redisUrl, 60_000),
    ];
    await write(one, "phone", annsSession(Date.now() - 1_000));
    expect(await read(other, "phone")).toMatchObject({ userId: ANN });
    await one.epochs.endSessionsBefore(ANN, Date.now());
    await eventually(async () => ((await read(other, "phone")) === null ? true : undefined), 1_000);
  });

  it("reads Redis every time while it cannot hear of changes, and trusts nothing it held before", async () => {
    // The replica reads sessions over a working line; only the line it hears changes on is cut.
    const deaf = await startReplica(testInfra.redisUrl, 60_000, proxy.urlThrough(testInfra.redisUrl));
    const one = await startReplica(testInfra.redisUrl, 60_000);
    await write(one, "laptop", annsSession());
    expect(await read(deaf, "laptop")).toMatchObject({ userId: ANN });

    proxy.refuseConnections();
    proxy.dropConnections();
    await eventually(async () => (proxy.openConnections === 0 ? true : undefined), 5_000);
    // Signed out while the cut replica cannot hear of it: it must ask Redis, which knows.
    await destroy(one, "laptop");
    expect(await read(deaf, "laptop")).toBeNull();
    await write(one, "laptop", annsSession());
    expect(await read(deaf, "laptop")).toMatchObject({ userId: ANN });
    await destroy(one, "laptop");
    expect(await read(deaf, "laptop")).toBeNull();
  });

  it("keeps no read that was under way while a change arrived", async () => {
    const replica = await startReplica(testInfra.redisUrl, 60_000);
    const started = replica.cache.readStarted();
    await replica.cache.userSessionsEnded(ANN);
    replica.cache.remember("raced", JSON.stringify(annsSession()), ANN, started);
    expect(replica.cache.recall("raced")).toBeUndefined();
    replica.cache.remember("raced", JSON.stringify(annsSession()), ANN, replica.cache.readStarted());
    expect(replica.cache.recall("raced")).toBeDefined();
  });
});
