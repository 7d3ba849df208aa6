import { DigestRepository, type ZoneWeek } from "../store/digest-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { addAwaitingComposeJobs } from "./add-awaiting-compose-jobs.ts";
import { dueDigestWeek } from "./digest-week.ts";
import type { SummariserContext } from "./summariser-context.ts";

/**
 * A digest.due slot: queues the digest of every user eligible at the slot whose Monday 09:00 has come in
 * their zone (within the catch-up window) and who has none for that week yet, then adds the compose jobs.
 * Repeating it (a redelivery, a second replica, the next slot of the window) queues nobody twice: the
 * digests' unique (user, week) key decides, and each job's id is derived from its row.
 */
export async function fanOutDigests(
  context: SummariserContext,
  slot: Date,
): Promise<{ queued: number; jobs: number }> {
  const zones = await new RecipientRepository(context.db).zonesOfEligible(slot);
  const due = zones.flatMap((timeZone): ZoneWeek[] => {
    const week = dueDigestWeek(timeZone, slot, context.digest.catchUpHours);
    return week ? [{ timeZone, ...week }] : [];
  });
  const queued = await new DigestRepository(context.db).queueForZones(due, {
    slot,
    eligibleAt: slot,
    registeredBefore: true,
  });
  const jobs = await addAwaitingComposeJobs(context);
  return { queued, jobs };
}
