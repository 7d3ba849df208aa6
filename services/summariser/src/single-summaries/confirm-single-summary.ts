import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "../shared/messages.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { SingleSummaryRepository, type SingleSummaryRow } from "../store/single-summary-repository.ts";
import { QUOTE_MINUTES } from "./quote-single-summary.ts";

/** A purchase left being placed this long (its process died while billing was asked) is placed again. */
const STALE_PLACING_MS = 10 * 60 * 1000;

/** The key billing knows the purchase's hold by: asked again, billing answers the same hold. */
const holdKeyOf = (orderId: string) => `single-video-order:${orderId}`;

/**
 * The subscriber confirms a price they were shown (`quoteSingleSummary`): billing holds exactly that
 * amount (a test charge in test mode) and the purchase is queued for the worker, which mails the summary
 * and has the charge captured, or released if it cannot be made. Nothing is held before this. A second
 * confirm of the same price is the same purchase: one hold, one summary. Another price of a video the
 * subscriber bought, confirmed at the same moment or later, is refused (409) before billing is asked:
 * the video is charged once. If billing refuses (no card, declined), the price may be confirmed again
 * while it lasts.
 */
export async function confirmSingleSummary(
  context: SummariserContext,
  input: { userId: string; quoteId: string; correlationId: string },
): Promise<{ message: string; id: string }> {
  const orders = new SingleSummaryRepository(context.db);
  const order = await orders.find(input.quoteId);
  if (!order || order.user_id !== input.userId) throw new HttpError(404, messages.quoteNotFound);
  const now = context.now();
  let placing: SingleSummaryRow | undefined;
  if (order.status === "quoted") {
    const confirmed = await orders.confirm(order.id, now);
    if (confirmed === "taken") {
      // The purchase that took it may have been refused by billing since: then this one may be tried again.
      const bought = await orders.hasBought(input.userId, order.video_id);
      throw new HttpError(409, bought ? messages.alreadyBought : messages.purchaseRaced);
    }
    if (!confirmed && (await orders.find(order.id))?.status === "quoted") {
      throw new HttpError(410, messages.quoteExpired(QUOTE_MINUTES));
    }
    placing = confirmed;
  } else if (order.status === "placing") {
    placing = await orders.retakePlacing(order.id, now, new Date(now.getTime() - STALE_PLACING_MS));
  }
  // Otherwise confirmed already (a double click, a retried request): that purchase is the answer.
  if (placing) await holdAndQueue(context, placing, input.correlationId);
  return { message: messages.orderPlaced, id: order.id };
}

async function holdAndQueue(
  context: SummariserContext,
  order: SingleSummaryRow,
  correlationId: string,
): Promise<void> {
  if (order.duration_seconds === null || order.amount_cents === null) {
    throw new Error(`single summary ${order.id} was confirmed without a price`);
  }
  let hold: { id: string; testMode: boolean };
  try {
    hold = await context.billing.placeHold(order.user_id, {
      holdKey: holdKeyOf(order.id),
      videoId: order.video_id,
      durationSeconds: order.duration_seconds,
      amountCents: order.amount_cents,
    });
  } catch (error) {
    // Nothing is held: the price stays shown and may be confirmed again.
    await new SingleSummaryRepository(context.db).unconfirm(order.id);
    throw error;
  }
  await context.db.transaction().execute(async (trx) => {
    if (!(await new SingleSummaryRepository(trx).held(order.id, hold))) return;
    await context.recordEvent(
      trx,
      createEvent(
        "video-summary.requested",
        { orderId: order.id, userId: order.user_id, holdId: hold.id, videoId: order.video_id },
        { correlationId },
      ),
    );
  });
}
