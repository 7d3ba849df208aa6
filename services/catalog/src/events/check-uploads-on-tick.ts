import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { checkLeasedChannels } from "../domain/check-leased-channels.ts";
import { leaseDueChannels } from "../domain/lease-due-channels.ts";
import type { Channel } from "../store/channel-repository.ts";

/**
 * The scheduler's hourly `uploads.check-due`: the followed channels due a check are leased in the
 * transaction that records the tick in the inbox, so the same tick delivered twice leases nothing the
 * second time; then each is checked outside any transaction (the embedded product's one database is
 * never held while YouTube answers). A tick that dies mid-way leaves its leases to lapse, and a later
 * tick finds those channels still due.
 */
export function checkUploadsOnTick(context: CatalogContext): EventHandler<"uploads.check-due"> {
  return async (event, handlerContext) => {
    let leased: Channel[] = [];
    await handleOnce(context.db, async (_tick, { trx }) => {
      leased = await leaseDueChannels(trx, context);
    })(event, handlerContext);
    if (leased.length === 0) return;
    const outcome = await checkLeasedChannels(context, leased, { correlationId: event.correlationId });
    handlerContext.log.info({ slot: event.data.slot, leased: leased.length, ...outcome }, "uploads checked");
  };
}
