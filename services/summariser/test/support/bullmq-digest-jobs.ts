import { createBullMqJobQueue, type JobQueue } from "@tubedigest/jobs";
import { testInfra } from "@tubedigest/testing/test-infra";
import { pino } from "pino";
import { COMPOSE_ATTEMPTS, DIGEST_JOB_NAMES, type DigestJobs } from "../../src/digest/digest-jobs.ts";

/** How long a worker's lock on a job lasts unrenewed, and how often workers look for lapsed ones. */
export const TEST_LOCK_MS = 1_000;
export const TEST_STALLED_CHECK_MS = 300;

/**
 * The digest's work queue on the real Redis under a prefix of the test's own, as every replica of one
 * test opens it: a dead worker's job is found within about a second, and tries are retried within
 * milliseconds.
 */
export function bullMqDigestJobs(prefix: string): JobQueue<DigestJobs> {
  return createBullMqJobQueue<DigestJobs>({
    name: "summariser-digests",
    jobNames: DIGEST_JOB_NAMES,
    redisUrl: testInfra.redisUrl,
    prefix,
    log: pino({ level: "silent" }),
    attempts: COMPOSE_ATTEMPTS,
    backoffMs: 50,
    lockDurationMs: TEST_LOCK_MS,
    stalledIntervalMs: TEST_STALLED_CHECK_MS,
  });
}

/** The queue, its workers held back until `start` is called: the test decides when a replica begins work. */
export function heldBack(queue: JobQueue<DigestJobs>) {
  let start: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  const held: JobQueue<DigestJobs> = {
    ...queue,
    async work(handlers, options) {
      void started.then(() => queue.work(handlers, options));
    },
  };
  return { queue: held, start };
}
