import type { Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * A producer's Redis connection, for adding jobs and managing schedules. ioredis reconnects by itself and
 * reports each failed try as an `error` event, which would end the process without a listener; the outage
 * is logged once, as a warning, and its end once. A command fails after a few reconnection tries, so adding
 * a job during an outage errs instead of hanging.
 */
export function openRedis(url: string, options: { log: Logger; purpose: string; name: string }): Redis {
  // Named, so CLIENT LIST tells an operator whose connection it is.
  const redis = new Redis(url, {
    maxRetriesPerRequest: 3,
    connectTimeout: 5_000,
    connectionName: options.name,
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    options.log.warn(
      { reason: error.message },
      `Redis is unreachable for ${options.purpose}; reconnecting in the background`,
    );
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    options.log.info(`Redis is reachable again for ${options.purpose}`);
  });
  return redis;
}

/**
 * What a BullMQ worker's connections are made from: BullMQ duplicates this one for each connection it
 * needs, opens and closes the copies itself (reporting their errors as the worker's), and requires them to
 * wait for Redis rather than fail a command. The template itself never connects.
 */
export function workerConnectionTemplate(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
}

/** Closes a connection politely, or at once if it is not answering. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * Logs a worker's errors. Its connections are BullMQ's copies, which report each failed reconnection: while
 * the producer's connection (`redis`) is down the outage is already reported once, so those stay quiet.
 */
export function logWorkerErrors(worker: Worker, redis: Redis, log: Logger): void {
  worker.on("error", (error) =>
    redis.status === "ready"
      ? log.warn({ reason: error.message }, "worker error")
      : log.debug({ reason: error.message }, "worker error during a Redis outage"),
  );
}
