import { type Job, Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Schedule, Scheduler } from "./job-queue.ts";
import { closeRedis, logWorkerErrors, openRedis, openWorkerConnection } from "./redis-connection.ts";
import { scheduledSlot, schedulerJobId } from "./scheduled-slot.ts";

export interface BullMqSchedulerOptions {
  redisUrl: string;
  /** The Redis key prefix (BullMQ's default "bull"); tests give each run its own. */
  prefix?: string;
  /** The queue the schedules' jobs go through; every replica sharing it shares the schedules. */
  queueName: string;
  log: Logger;
}

/**
 * Tries per slot when `onFire` throws, and the first wait (doubling): 2 s to about 4 minutes, within the
 * shortest slot the product schedules (15 minutes), so a failed slot is done before the next one.
 */
const FIRE_ATTEMPTS = 8;
const FIRE_BACKOFF_MS = 2_000;
/** Fired slots are kept a day for inspection; nothing reads them. */
const KEEP_FIRED_SECONDS = 24 * 60 * 60;

/**
 * Schedules on Redis through BullMQ's job schedulers. A schedule is a job scheduler with the schedule's id;
 * it creates one job per slot, with an id made of its id and the slot's time, so replicas that upsert the
 * same schedule share its jobs and a slot fires once, in whichever replica's worker takes it. A job that
 * fails (`onFire` threw) is retried; one whose worker died is found by another's stalled-job check.
 */
export function createBullMqScheduler(options: BullMqSchedulerOptions): Scheduler {
  const log = options.log.child({ queue: options.queueName });
  const redis = openRedis(options.redisUrl, {
    log,
    purpose: "the schedules",
    name: `${options.prefix ?? "bull"}:${options.queueName}:schedules`,
  });
  const queue = new Queue(options.queueName, { connection: redis, prefix: options.prefix });
  // The connection's own listener reports the outage; without one here BullMQ's re-emitted error would throw.
  queue.on("error", (error) => log.debug({ reason: error.message }, "schedule queue connection error"));
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;

  return {
    async start(schedules, onFire) {
      if (worker) throw new Error("the scheduler is already started");
      await reconcileSchedules(queue, schedules, log);
      // A Redis that restarted without its data has forgotten the schedules: set them again each time the
      // connection comes back (unchanged ones are left alone, so this costs a few reads otherwise).
      redis.on("ready", () => {
        reconcileSchedules(queue, schedules, log).catch((error: unknown) =>
          log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            "could not set the schedules again",
          ),
        );
      });
      workerConnection = openWorkerConnection(
        options.redisUrl,
        `${options.prefix ?? "bull"}:${options.queueName}:worker`,
      );
      worker = new Worker(
        options.queueName,
        async (job: Job) => {
          const slot = scheduledSlot(job);
          log.info(
            { schedule: job.name, slot: slot.toISOString(), attempt: job.attemptsStarted },
            "schedule fired",
          );
          await onFire(job.name, slot);
        },
        {
          connection: workerConnection,
          prefix: options.prefix,
          // One slow or retried schedule does not hold up another's slot.
          concurrency: Math.max(1, schedules.length),
        },
      );
      logWorkerErrors(worker, redis, log);
      worker.on("failed", (job, error) =>
        log.warn(
          { schedule: job?.name, attempt: job?.attemptsStarted, reason: error.message },
          "a schedule's fire failed",
        ),
      );
      await worker.waitUntilReady();
    },
    isConnected: () => redis.status === "ready",
    async close() {
      await worker?.close();
      if (workerConnection) await closeRedis(workerConnection);
      await queue.close();
      await closeRedis(redis);
    },
  };
}

/**
 * Makes the queue's job schedulers the given schedules. An unchanged schedule is left alone: upserting it
 * again would replace its next job, and a job already due but not yet taken (every worker was down) would
 * be replaced by the slot after it, so a restart could skip a slot. A changed one is upserted; one no
 * longer listed (renamed, dropped) is removed, so it stops firing.
 */
async function reconcileSchedules(queue: Queue, schedules: readonly Schedule[], log: Logger): Promise<void> {
  const wanted = new Set(schedules.map((schedule) => schedule.id));
  for (const existing of await queue.getJobSchedulers()) {
    if (wanted.has(existing.key)) continue;
    await queue.removeJobScheduler(existing.key);
    log.info({ schedule: existing.key }, "removed a schedule no longer listed");
  }
  for (const schedule of schedules) {
    if (await isInPlace(queue, schedule)) continue;
    await queue.upsertJobScheduler(
      schedule.id,
      { pattern: schedule.pattern, tz: schedule.timeZone },
      {
        name: schedule.id,
        opts: {
          attempts: FIRE_ATTEMPTS,
          backoff: { type: "exponential", delay: FIRE_BACKOFF_MS },
          removeOnComplete: { age: KEEP_FIRED_SECONDS },
          removeOnFail: { age: KEEP_FIRED_SECONDS },
        },
      },
    );
    log.info(
      { schedule: schedule.id, pattern: schedule.pattern, timeZone: schedule.timeZone },
      "schedule set",
    );
  }
}

/** Whether the schedule exists as given and its next slot's job is there to fire. */
async function isInPlace(queue: Queue, schedule: Schedule): Promise<boolean> {
  const existing = await queue.getJobScheduler(schedule.id);
  if (!existing || existing.pattern !== schedule.pattern || existing.tz !== schedule.timeZone) return false;
  if (existing.next === undefined || existing.next === null) return false;
  return (await queue.getJob(schedulerJobId(schedule.id, existing.next))) !== undefined;
}
