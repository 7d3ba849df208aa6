import type { SummariserContext } from "../shared/summariser-context.ts";
import { DigestRepository } from "../store/digest-repository.ts";
import { addComposeJobs } from "./digest-jobs.ts";

/**
 * A digest left queued or with a lapsed lease this long is taken as stuck: its job was lost with its
 * process, or gave up while stalled. Longer than the queue's back-off between tries, so a digest waiting
 * for its next try is not added twice.
 */
const STUCK_AFTER_MS = 10 * 60 * 1000;

/**
 * Puts in the queue the compose job of every digest that needs one: those just queued (adding a job
 * already there adds nothing) and any stuck. Run after every fan-out, so a job lost with a process is
 * added again by the next slot. Answers how many jobs were asked for.
 */
export async function addAwaitingComposeJobs(context: SummariserContext): Promise<number> {
  const now = context.now();
  const rows = await new DigestRepository(context.db).awaitingJobs(
    now,
    new Date(now.getTime() - STUCK_AFTER_MS),
  );
  await addComposeJobs(context.digest.jobs, rows, context.digest.batchSize);
  return rows.length;
}
