/**
 * A worker that takes one job and never finishes it, for the test that kills its process mid-job: it says
 * "started <id> <attempt>" on stdout once the job runs, then hangs until killed.
 * Arguments: queue name, key prefix, Redis URL, lock duration (ms), stalled-check interval (ms).
 */
import pino from "pino";
import { createBullMqJobQueue, type JobContext } from "../../src/index.ts";

const [name, prefix, redisUrl, lockDurationMs, stalledIntervalMs] = process.argv.slice(2);
if (!name || !prefix || !redisUrl || !lockDurationMs || !stalledIntervalMs)
  throw new Error("missing arguments");

const hang = async (_data: unknown, job: JobContext) => {
  process.stdout.write(`started ${job.id} ${job.attempt}\n`);
  await new Promise(() => {});
};

const queue = createBullMqJobQueue<{ greet: unknown; count: unknown }>({
  name,
  jobNames: ["greet", "count"],
  redisUrl,
  prefix,
  log: pino({ level: "silent" }),
  lockDurationMs: Number(lockDurationMs),
  // The stalled-job check runs once per interval across all workers, at the pace of the one that ran it last.
  stalledIntervalMs: Number(stalledIntervalMs),
});
await queue.work({ greet: hang, count: hang }, { concurrency: 1 });
