import { DigestRepository, type ZoneWeek } from "../store/digest-repository.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { addAwaitingComposeJobs } from "./add-awaiting-compose-jobs.ts";
import { digestWeek } from "./digest-week.ts";
import type { SummariserContext } from "./summariser-context.ts";

/**
 * Development only: this week's Monday digest for every eligible user now, whatever their zone's hour,
 * under the same (user, week) keys, so calling it again adds nobody who has this week's already.
 */
export async function deliverDigestsNow(context: SummariserContext): Promise<{ queued: number }> {
  const now = context.now();
  const zones = await new RecipientRepository(context.db).zonesOfEligible(now);
  const weeks = zones.map((timeZone): ZoneWeek => ({ timeZone, ...digestWeek(timeZone, now) }));
  const queued = await new DigestRepository(context.db).queueForZones(weeks, {
    slot: now,
    eligibleAt: now,
    registeredBefore: false,
  });
  await addAwaitingComposeJobs(context);
  return { queued };
}
