import type { SummariserContext } from "../shared/summariser-context.ts";
import { DigestRepository, type ScheduleWeek } from "../store/digest-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { addAwaitingComposeJobs } from "./add-awaiting-compose-jobs.ts";
import { dueDigestWeeks } from "./digest-week.ts";

/**
 * A digest.due slot: queues the digest of every user eligible at the slot whose delivery (their day and
 * hour, Monday 09:00 unless they chose another, in their zone) has come within the catch-up window, and
 * who has none for that week yet; then adds the compose jobs. Readers are taken in groups of one zone,
 * day and hour, and those whose change of delivery time kept a week at its earlier instant are queued by
 * that instant. Repeating it (a redelivery, a second replica, the next slot of the window) queues nobody
 * twice: the digests' unique (user, week) key decides, and each job's id is derived from its row.
 */
export async function fanOutDigests(
  context: SummariserContext,
  slot: Date,
): Promise<{ queued: number; jobs: number }> {
  const catchUpHours = context.digest.catchUpHours;
  const schedules = await new RecipientRepository(context.db).schedulesOfEligible(slot);
  const due = schedules.flatMap((schedule): ScheduleWeek[] =>
    dueDigestWeeks(schedule.timeZone, slot, catchUpHours, schedule).map((week) => ({
      ...schedule,
      ...week,
    })),
  );
  const digests = new DigestRepository(context.db);
  const queued =
    (await digests.queueForSchedules(due, { slot, eligibleAt: slot, registeredBefore: true })) +
    (await digests.queuePinned(slot, catchUpHours * 3_600_000));
  const jobs = await addAwaitingComposeJobs(context);
  return { queued, jobs };
}
