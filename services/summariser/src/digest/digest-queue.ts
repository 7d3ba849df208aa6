import {
  createBullMqJobQueue,
  createInProcessJobQueue,
  type JobHandlers,
  type JobQueue,
} from "@tubedigest/jobs";
import type { Logger } from "pino";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { composeDigests } from "./compose-digests.ts";
import { COMPOSE_ATTEMPTS, DIGEST_JOB_NAMES, type DigestJobs } from "./digest-jobs.ts";

/** The queue's name in Redis, under the key prefix. */
const QUEUE_NAME = "summariser-digests";

/**
 * The digest's work queue: BullMQ on Redis, shared by every replica, when a Redis URL is given; otherwise
 * in this process (the embedded product), where a job lost with the process is added again by the next
 * digest.due.
 */
export function openDigestJobs(
  settings: {
    redisUrl?: string | undefined;
    redisKeyPrefix?: string | undefined;
    jobLockMs?: number | undefined;
  },
  log: Logger,
): JobQueue<DigestJobs> {
  const common = { name: QUEUE_NAME, jobNames: DIGEST_JOB_NAMES, log, attempts: COMPOSE_ATTEMPTS };
  if (!settings.redisUrl) return createInProcessJobQueue<DigestJobs>(common);
  return createBullMqJobQueue<DigestJobs>({
    ...common,
    redisUrl: settings.redisUrl,
    // BullMQ puts its own ":" after the prefix.
    prefix: settings.redisKeyPrefix?.replace(/:+$/, ""),
    // A lapsed hold is looked for three times per lock period, as BullMQ's defaults do.
    ...(settings.jobLockMs
      ? { lockDurationMs: settings.jobLockMs, stalledIntervalMs: Math.ceil(settings.jobLockMs / 3) }
      : {}),
  });
}

/** What each job of the queue does; the queue checks at start-up that every name in DIGEST_JOB_NAMES has one. */
export function digestJobHandlers(context: SummariserContext): JobHandlers<DigestJobs> {
  return {
    "compose-digest": (key, job) => composeDigests(context, [key], job),
    "compose-digests": ({ keys }, job) => composeDigests(context, keys, job),
  };
}
