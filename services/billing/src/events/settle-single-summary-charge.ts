import type { EventHandler } from "@tubedigest/bus";
import { HttpError } from "@tubedigest/http/http-error";
import type { BillingContext } from "../domain/billing-context.ts";
import { settleHold } from "../domain/settle-hold.ts";

/**
 * A purchased summary was delivered (capture) or could not be made (release). Settling is idempotent
 * (settling again the same way answers the same) and asks Stripe with the hold's own key, so a
 * redelivered event changes nothing. A hold already settled the other way is logged, not retried.
 */
export const settleSingleSummaryCharge =
  <Name extends "video.summarised" | "video-summary.failed">(
    context: BillingContext,
    outcome: "captured" | "released",
  ): EventHandler<Name> =>
  async (event, handler) => {
    try {
      await settleHold(context, { userId: event.data.userId, holdId: event.data.holdId, outcome });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      handler.log.warn({ err: error, holdId: event.data.holdId }, "single summary charge not settled");
    }
  };
