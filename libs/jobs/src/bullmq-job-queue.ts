import { Queue, Worker } from "bullmq";
import { BullMQOtel } from "bullmq-otel";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { fromBullMqJobId, toBullMqJobId } from "./bullmq-job-id.ts";
import { checkHandlers } from "./check-handlers.ts";
import type { JobCounts, JobHandlers, JobMap, JobOptions, JobQueue } from "./job-queue.ts";
import { closeRedis, logWorkerErrors, openRedis, openWorkerConnection } from "./redis-connection.ts";
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DEFAULT_KEEP_COMPLETED_SECONDS } from "./retry-backoff.ts";

export interface BullMqJobQueueOptions<Jobs extends JobMap> {
  name: string;
  /** Every job of the map: `work` refuses handlers that do not match these exactly. */
  jobNames: readonly (keyof Jobs & string)[];
  redisUrl: string;
  /** The Redis key prefix (BullMQ's default "bull"); tests give each run its own. */
  prefix?: string;
  log: Logger;
  /** Tries per job, the first included (default 5). */
  attempts?: number;
  /** The wait before the first retry, doubling after each further failure (default 5 s). */
  backoffMs?: number;
  /**
   * How long a running job's lock lasts without renewal (BullMQ's default 30 s): a worker that dies holding
   * a job loses it this long after, and the stalled-job check hands it to another worker.
   */
  lockDurationMs?: number;
  /**
   * How often the workers look for jobs whose lock lapsed (BullMQ's default 30 s). The check is shared:
   * whichever worker runs it holds the others off for its own interval, so every replica takes the same.
   */
  stalledIntervalMs?: number;
  /** How long a finished job (and so its id) is kept (default 8 days); see `DEFAULT_KEEP_COMPLETED_SECONDS`. */
  keepCompletedSeconds?: number;
}

/**
 * A work queue on Redis through BullMQ, shared by every replica. A job id already in the queue, running,
 * or finished within `keepCompletedSeconds` is not added again: BullMQ refuses an id while its job exists,
 * and finished jobs (failed ones too) are kept that long. A failed try is retried with exponential
 * back-off; a job whose worker died (its lock lapsed) is found by another worker's stalled-job check and
 * run again, its attempt counting up; a job that stalls a second time fails.
 */
export function createBullMqJobQueue<Jobs extends JobMap>(
  options: BullMqJobQueueOptions<Jobs>,
): JobQueue<Jobs> {
  const log = options.log.child({ queue: options.name });
  const connectionName = `${options.prefix ?? "bull"}:${options.name}`;
  const redis = openRedis(options.redisUrl, {
    log,
    purpose: `the ${options.name} queue`,
    name: `${connectionName}:producer`,
  });
  const keepSeconds = options.keepCompletedSeconds ?? DEFAULT_KEEP_COMPLETED_SECONDS;
  // A job carries the trace of whoever added it, and its run continues it (nothing while tracing is off).
  const telemetry = new BullMQOtel({ tracerName: "@tubedigest/jobs" });
  const queue = new Queue(options.name, {
    connection: redis,
    prefix: options.prefix,
    telemetry,
    defaultJobOptions: {
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: "exponential", delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { age: keepSeconds },
      removeOnFail: { age: keepSeconds },
    },
  });
  // The connection's own listener reports the outage; without one here BullMQ's re-emitted error would throw.
  queue.on("error", (error) => log.debug({ reason: error.message }, "job queue connection error"));
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;

  return {
    name: options.name,
    async add(name, data, jobOptions) {
      await queue.add(name, data, bullMqJobOptions(jobOptions));
    },
    async addBulk(jobs) {
      if (jobs.length === 0) return;
      await queue.addBulk(
        jobs.map((job) => ({
          name: job.name,
          data: job.data,
          opts: bullMqJobOptions(job.options),
        })),
      );
    },
    async work(handlers: JobHandlers<Jobs>, { concurrency }) {
      checkHandlers(options.name, options.jobNames, handlers);
      if (worker) throw new Error(`job queue "${options.name}" is already working`);
      workerConnection = openWorkerConnection(options.redisUrl, `${connectionName}:worker`);
      worker = new Worker(
        options.name,
        async (job) => {
          const handler = handlers[job.name as keyof Jobs & string];
          // A job named by another version of the service (a rolling deploy) fails here, to be retried.
          if (!handler) throw new Error(`no handler for job "${job.name}"`);
          await handler(job.data as Jobs[keyof Jobs & string], {
            id: fromBullMqJobId(String(job.id)),
            attempt: job.attemptsStarted,
          });
        },
        {
          connection: workerConnection,
          prefix: options.prefix,
          concurrency,
          telemetry,
          // BullMQ takes an option given as undefined for a value, not for its default.
          ...(options.lockDurationMs === undefined ? {} : { lockDuration: options.lockDurationMs }),
          ...(options.stalledIntervalMs === undefined ? {} : { stalledInterval: options.stalledIntervalMs }),
        },
      );
      logWorkerErrors(worker, redis, log);
      worker.on("failed", (job, error) =>
        log.warn(
          {
            job: job?.name,
            jobId: job?.id && fromBullMqJobId(job.id),
            attempt: job?.attemptsStarted,
            reason: error.message,
          },
          "a job's try failed",
        ),
      );
      await worker.waitUntilReady();
    },
    async counts(): Promise<JobCounts> {
      const counts = await queue.getJobCounts("waiting", "active", "delayed", "failed", "completed");
      return {
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      };
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

function bullMqJobOptions(options: JobOptions) {
  const jobId = toBullMqJobId(options.jobId);
  return options.delayMs === undefined ? { jobId } : { jobId, delay: options.delayMs };
}
