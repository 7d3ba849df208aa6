import { DEFAULT_TIME_ZONE } from "@tubedigest/contracts/time-zone";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { DigestRepository } from "../store/digest-repository.ts";
import { FollowRepository } from "../store/follow-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { addComposeJobs } from "./digest-jobs.ts";
import { digestWeek } from "./digest-week.ts";

/** The week key of a reader's first digest: one per reader, ever (the digests' unique key holds it). */
export const FIRST_DIGEST_WEEK_KEY = "first";

/**
 * First value at once: when a reader's plan has started (checkout, a trial with a card chosen) and they
 * follow a channel, and they never had a digest, their digest of the week so far is made and mailed now,
 * through the weekly pipeline (its row, its compose job, the mail), not up to a week later. It counts as
 * their last newsletter, so the weekly one that follows brings only what is new since. Called on each
 * event that may complete the conditions (the plan, a follow), in any order and as often as they come:
 * the first call that finds them all queues it, and the unique key makes any other call queue nothing.
 */
export async function queueFirstDigest(context: SummariserContext, userId: string): Promise<boolean> {
  const now = context.now();
  const recipients = new RecipientRepository(context.db);
  if (!(await recipients.hasPlan(userId))) return false;
  if ((await new FollowRepository(context.db).channelsOf(userId)).length === 0) return false;
  const digests = new DigestRepository(context.db);
  if (await digests.hasAny(userId)) return false;
  const timeZone = (await recipients.find(userId))?.time_zone ?? DEFAULT_TIME_ZONE;
  const queued = await digests.queue({
    userId,
    weekKey: FIRST_DIGEST_WEEK_KEY,
    weekStart: digestWeek(timeZone, now).weekStart,
    dueAt: now,
    slot: now,
  });
  if (queued) await addComposeJobs(context.digest.jobs, [queued]);
  return queued !== undefined;
}
