import { defaultRetryPolicy, type EventHandler, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { finishSingleSummary, makeSingleSummary } from "../single-summaries/make-single-summary.ts";
import type { SummariserDatabase } from "../store/database.ts";

/** Tries of one purchase: the bus's retry policy, whose waits add up to about six minutes. */
const PURCHASE_ATTEMPTS = defaultRetryPolicy.delaysMs.length + 1;

/**
 * A single summary is made first, outside any transaction (the model may take minutes, and the
 * embedded product's one database must not wait on it); then the outcome and its event are recorded
 * once, whatever the redeliveries.
 */
export function fulfilSingleSummary(context: SummariserContext): EventHandler<"video-summary.requested"> {
  return async (event, handler) => {
    const outcome = await makeSingleSummary(context, event.data, handler.attempt >= PURCHASE_ATTEMPTS);
    await handleOnce<SummariserDatabase, "video-summary.requested">(context.db, (_, { trx }) =>
      finishSingleSummary(context, trx, event, outcome),
    )(event, handler);
  };
}
