import type { SummariserContext } from "../shared/summariser-context.ts";
import { DigestRepository, type ScheduleWeek } from "../store/digest-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { addAwaitingComposeJobs } from "./add-awaiting-compose-jobs.ts";
import { digestPeriod } from "./digest-week.ts";

/**
 * Development only: this week's digest (today's, for a daily reader) for every eligible user now,
 * whatever their zone's hour and their chosen day, under the same (user, week) keys, so calling it again
 * adds nobody who has this week's already.
 */
export async function deliverDigestsNow(context: SummariserContext): Promise<{ queued: number }> {
  const now = context.now();
  const schedules = await new RecipientRepository(context.db).schedulesOfEligible(now);
  const weeks = schedules.map(
    (schedule): ScheduleWeek => ({ ...schedule, ...digestPeriod(schedule.timeZone, now, schedule) }),
  );
  const queued = await new DigestRepository(context.db).queueForSchedules(weeks, {
    slot: now,
    eligibleAt: now,
    registeredBefore: false,
  });
  await addAwaitingComposeJobs(context);
  return { queued };
}
