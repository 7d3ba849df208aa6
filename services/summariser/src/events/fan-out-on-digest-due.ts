import type { EventHandler } from "@tubedigest/bus";
import { fanOutDigests } from "../digest/fan-out-digests.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";

/**
 * Queues the digests due at the scheduler's slot. No inbox: the digests' unique (user, week) key already
 * makes a repeated slot queue nobody twice, and a try that queued the rows but could not add their jobs
 * (the work queue's Redis away) must, when the bus tries again, add them.
 */
export function fanOutOnDigestDue(context: SummariserContext): EventHandler<"digest.due"> {
  return async (event, { log }) => {
    const outcome = await fanOutDigests(context, new Date(event.data.slot));
    log.info({ slot: event.data.slot, ...outcome }, "digest.due fanned out");
  };
}
