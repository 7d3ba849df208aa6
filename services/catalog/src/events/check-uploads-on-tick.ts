import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { checkClaimedChannels } from "../domain/check-claimed-channels.ts";
import { claimDueChannels } from "../domain/claim-due-channels.ts";
import type { Channel } from "../store/channel-repository.ts";

/**
 * The scheduler's hourly `uploads.check-due`: the followed channels due a check are claimed in the
 * transaction that records the tick in the inbox, so the same tick delivered twice claims nothing the
 * second time; then each is checked outside any transaction (the embedded product's one database is
 * never held while YouTube answers). A tick that dies mid-way leaves its claims to lapse, and a later
 * tick finds those channels still due.
 */
export function checkUploadsOnTick(context: CatalogContext): EventHandler<"uploads.check-due"> {
  return async (event, handlerContext) => {
    let claimed: Channel[] = [];
    await handleOnce(context.db, async (_tick, { trx }) => {
      claimed = await claimDueChannels(trx, context);
    })(event, handlerContext);
    if (claimed.length === 0) return;
    const outcome = await checkClaimedChannels(context, claimed, { correlationId: event.correlationId });
    handlerContext.log.info(
      { slot: event.data.slot, claimed: claimed.length, ...outcome },
      "uploads checked",
    );
  };
}
