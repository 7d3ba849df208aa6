import type { DeliveryTime } from "@tubedigest/contracts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { deliveryOf, RecipientRepository } from "../store/recipient-repository.ts";
import { type DeliveryStanding, deliveryStanding } from "./delivery-standing.ts";
import { digestWeek } from "./digest-week.ts";

/**
 * The reader chooses the day and hour their digest goes out, in their own zone. One digest per week still
 * holds across the change, since each week's digest has its own unique row: a week whose digest went out
 * before the change gets no second one. For the week in progress, the new time applies when it is still
 * ahead; when it has already passed this week, the week keeps the instant it had (this week's digest comes
 * as it would have, if it has not yet), and the new time applies from next week. So a week is never
 * skipped by moving the day earlier, nor doubled by moving it later.
 */
export async function changeDeliveryTime(
  context: SummariserContext,
  userId: string,
  chosen: DeliveryTime,
): Promise<DeliveryStanding> {
  return context.db.transaction().execute(async (trx) => {
    const recipients = new RecipientRepository(trx);
    const row = await recipients.findForUpdate(userId);
    const now = context.now();
    const before = digestWeek(row.time_zone, now, deliveryOf(row));
    const after = digestWeek(row.time_zone, now, chosen);
    const keep = after.dueAt <= now;
    await recipients.setDelivery(userId, chosen, keep ? before : null);
    const changed = await recipients.findForUpdate(userId);
    return deliveryStanding(trx, userId, changed, now);
  });
}
