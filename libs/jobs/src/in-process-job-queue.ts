import type { Logger } from "pino";
import { checkHandlers } from "./check-handlers.ts";
import type { JobCounts, JobHandlers, JobMap, JobQueue } from "./job-queue.ts";
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_KEEP_COMPLETED_SECONDS,
  retryDelayMs,
} from "./retry-backoff.ts";

export interface InProcessJobQueueOptions<Jobs extends JobMap> {
  name: string;
  /** Every job of the map: `work` refuses handlers that do not match these exactly. */
  jobNames: readonly (keyof Jobs & string)[];
  log: Logger;
  /** Tries per job, the first included (default 5). */
  attempts?: number;
  /** The wait before the first retry, doubling after each further failure (default 5 s). */
  backoffMs?: number;
  /** How long a finished job's id is remembered (default 8 days), as the BullMQ queue keeps finished jobs. */
  keepCompletedSeconds?: number;
  /** The most finished ids remembered, oldest forgotten first, so memory stays bounded. */
  maxRememberedIds?: number;
}

interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
  /** Tries made so far. */
  tries: number;
}

type Outcome = "completed" | "failed";

/**
 * The work queue of the embedded `make start`, in this process's memory, with the BullMQ queue's
 * semantics: an id waiting, running, waiting for a retry or finished within the retention window is not
 * added again; `concurrency` jobs run at once; a failed try is retried with the same exponential back-off.
 * Jobs do not outlive the process (nor does anything else embedded in it).
 */
export function createInProcessJobQueue<Jobs extends JobMap>(
  options: InProcessJobQueueOptions<Jobs>,
): JobQueue<Jobs> {
  const log = options.log.child({ queue: options.name });
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const keepMs = (options.keepCompletedSeconds ?? DEFAULT_KEEP_COMPLETED_SECONDS) * 1000;
  const maxRemembered = options.maxRememberedIds ?? 100_000;

  // Every id waiting, delayed, running or waiting for a retry: what `add` must not add again.
  const pending = new Set<string>();
  const waiting: QueuedJob[] = [];
  const delayed = new Map<string, NodeJS.Timeout>();
  const active = new Map<string, Promise<void>>();
  // Insertion order is finishing order, so the oldest are first to forget.
  const finished = new Map<string, { at: number; outcome: Outcome }>();
  let handlers: JobHandlers<Jobs> | undefined;
  let concurrency = 1;
  let closing = false;

  const forgetOldFinished = () => {
    const expired = Date.now() - keepMs;
    for (const [id, { at }] of finished) {
      if (at >= expired && finished.size <= maxRemembered) break;
      finished.delete(id);
    }
  };
  const known = (id: string) => {
    forgetOldFinished();
    return pending.has(id) || finished.has(id);
  };
  const finish = (job: QueuedJob, outcome: Outcome) => {
    pending.delete(job.id);
    finished.set(job.id, { at: Date.now(), outcome });
    forgetOldFinished();
  };
  const enqueueAfter = (job: QueuedJob, delayMs: number) => {
    if (delayMs <= 0) {
      waiting.push(job);
      return;
    }
    delayed.set(
      job.id,
      setTimeout(() => {
        delayed.delete(job.id);
        waiting.push(job);
        pump();
      }, delayMs),
    );
  };
  const run = async (job: QueuedJob, jobHandlers: JobHandlers<Jobs>) => {
    job.tries += 1;
    try {
      await jobHandlers[job.name as keyof Jobs & string](job.data as Jobs[keyof Jobs & string], {
        id: job.id,
        attempt: job.tries,
      });
      finish(job, "completed");
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ job: job.name, jobId: job.id, attempt: job.tries, reason }, "a job's try failed");
      if (job.tries < attempts && !closing) enqueueAfter(job, retryDelayMs(job.tries, backoffMs));
      else finish(job, "failed");
    }
  };
  const pump = () => {
    if (!handlers || closing) return;
    while (active.size < concurrency) {
      const job = waiting.shift();
      if (!job) return;
      const running = run(job, handlers).finally(() => {
        active.delete(job.id);
        pump();
      });
      active.set(job.id, running);
    }
  };
  const addOne = (name: string, data: unknown, jobId: string, delayMs = 0) => {
    if (closing || known(jobId)) return;
    pending.add(jobId);
    enqueueAfter({ id: jobId, name, data, tries: 0 }, delayMs);
  };

  return {
    name: options.name,
    async add(name, data, jobOptions) {
      addOne(name, data, jobOptions.jobId, jobOptions.delayMs);
      pump();
    },
    async addBulk(jobs) {
      for (const job of jobs) addOne(job.name, job.data, job.options.jobId, job.options.delayMs);
      pump();
    },
    async work(given, workOptions) {
      checkHandlers(options.name, options.jobNames, given);
      if (handlers) throw new Error(`job queue "${options.name}" is already working`);
      handlers = given;
      concurrency = workOptions.concurrency;
      pump();
    },
    async counts(): Promise<JobCounts> {
      forgetOldFinished();
      const outcomes = [...finished.values()];
      return {
        waiting: waiting.length,
        active: active.size,
        delayed: delayed.size,
        failed: outcomes.filter((entry) => entry.outcome === "failed").length,
        completed: outcomes.filter((entry) => entry.outcome === "completed").length,
      };
    },
    isConnected: () => true,
    async close() {
      closing = true;
      for (const timer of delayed.values()) clearTimeout(timer);
      delayed.clear();
      await Promise.allSettled(active.values());
    },
  };
}
