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
 * A BullMQ worker's connection: BullMQ runs the worker's commands on it and duplicates it for the blocking
 * fetch (opening, closing and reporting the errors of that copy itself), and requires both to wait for
 * Redis rather than fail a command. BullMQ leaves open a connection it was handed, so its owner closes it
 * once the worker has closed. Named, so CLIENT LIST tells an operator whose connection it is.
 */
export function openWorkerConnection(url: string, name: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, connectionName: name });
}

/** Closes a connection politely, or at once if it is not answering. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * Logs a worker's errors. Its connections (the one it was handed and BullMQ's copy) report each failed
 * reconnection: while the producer's connection (`redis`) is down the outage is already reported once, so
 * those stay quiet.
 */
export function logWorkerErrors(worker: Worker, redis: Redis, log: Logger): void {
  worker.on("error", (error) =>
    redis.status === "ready"
      ? log.warn({ reason: error.message }, "worker error")
      : log.debug({ reason: error.message }, "worker error during a Redis outage"),
  );
}
