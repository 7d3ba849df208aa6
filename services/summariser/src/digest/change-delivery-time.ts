import type { DeliveryTime } from "@tubedigest/contracts";
import { type DigestCadence, deliveryTimeMessages } from "@tubedigest/contracts/delivery-time";
import { HttpError } from "@tubedigest/http/http-error";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { deliveryOf, RecipientRepository } from "../store/recipient-repository.ts";
import { type DeliveryStanding, deliveryStanding } from "./delivery-standing.ts";
import { digestPeriod } from "./digest-week.ts";

/**
 * The reader chooses the day and hour their digest goes out, in their own zone, and whether it comes
 * weekly or daily (a daily digest only on a plan that includes it: billing is asked, before anything
 * changes). One digest per week (or day) still holds across the change, since each has its own unique row:
 * one that went out before the change gets no second. For the period in progress, the new time applies
 * when it is still ahead; when it has already passed, the period keeps the instant it had (its digest
 * comes as it would have, if it has not yet), and the new time applies from the next. So a period is never
 * skipped by moving the hour earlier, nor doubled by moving it later. A change of cadence starts the new
 * one at once, keeping nothing: the next digest covers everything since the last, whichever it was.
 */
export async function changeDeliveryTime(
  context: SummariserContext,
  userId: string,
  chosen: DeliveryTime & { cadence?: DigestCadence },
): Promise<DeliveryStanding> {
  const dailyDigest = chosen.cadence === "daily" ? await context.billing.dailyDigest(userId) : undefined;
  if (dailyDigest === false) throw new HttpError(403, deliveryTimeMessages.dailyNeedsPlan);
  return context.db.transaction().execute(async (trx) => {
    const recipients = new RecipientRepository(trx);
    const row = await recipients.findForUpdate(userId);
    const now = context.now();
    const cadence = chosen.cadence ?? row.cadence;
    const was = deliveryOf(row);
    const will = deliveryOf({
      ...row,
      delivery_weekday: chosen.weekday,
      delivery_hour: chosen.hour,
      cadence,
      daily_digest: dailyDigest ?? row.daily_digest,
    });
    const before = digestPeriod(row.time_zone, now, was);
    const after = digestPeriod(row.time_zone, now, will);
    const keep = was.cadence === will.cadence && after.dueAt <= now;
    await recipients.setDelivery(
      userId,
      { weekday: chosen.weekday, hour: chosen.hour, cadence, ...(dailyDigest ? { dailyDigest } : {}) },
      keep ? before : null,
    );
    const changed = await recipients.findForUpdate(userId);
    return deliveryStanding(trx, userId, changed, now);
  });
}
