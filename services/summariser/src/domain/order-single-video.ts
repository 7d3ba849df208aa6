import { randomUUID } from "node:crypto";
import { createEvent } from "@tubedigest/contracts";
import { WATCH_OR_SHORT_LINK, youtubeVideoId } from "@tubedigest/contracts/youtube-video-url";
import { HttpError } from "@tubedigest/http";
import { OrderRepository } from "../store/order-repository.ts";
import { knownVideo } from "./known-video.ts";
import { messages } from "./messages.ts";
import type { SummariserContext } from "./summariser-context.ts";

/** SPEC §9: longer videos cannot be bought. */
const MAX_VIDEO_SECONDS = 4 * 60 * 60;
/** A purchase left half-placed this long ago (its process died while billing was asked) no longer blocks. */
const STALE_PLACING_MS = 10 * 60 * 1000;

/**
 * A subscriber buys one video's summary (the dashboard's à la carte form). The video's length is looked
 * up first and a video over 4 hours refused before anything is charged; billing holds the price (a test
 * charge in test mode); then the purchase is queued for the worker, which mails the summary and has the
 * charge captured, or released if the summary cannot be made. A second request for a video whose
 * purchase is still open is the same purchase, not a second charge.
 */
export async function orderSingleVideo(
  context: SummariserContext,
  input: { userId: string; videoUrl: string; correlationId: string },
): Promise<{ message: string }> {
  if (input.videoUrl.trim() === "") throw new HttpError(400, messages.missing);
  const videoId = youtubeVideoId(input.videoUrl, WATCH_OR_SHORT_LINK);
  if (!videoId) throw new HttpError(400, messages.invalidForDashboard);
  const video = await knownVideo(context, videoId);
  if (!video) throw new HttpError(404, messages.videoNotFound);
  if (video.duration_seconds === null) throw new HttpError(422, messages.videoNotFinished);
  if (video.duration_seconds > MAX_VIDEO_SECONDS) throw new HttpError(422, messages.videoTooLong);

  const orders = new OrderRepository(context.db);
  const orderId = randomUUID();
  const opened = await openOrder(context, orders, { id: orderId, userId: input.userId, videoId });
  if (!opened) return { message: messages.orderPlaced };
  let holdId: string;
  try {
    const hold = await context.billing.placeHold(input.userId, {
      holdKey: `single-video-order:${orderId}`,
      videoId,
      durationSeconds: video.duration_seconds,
    });
    holdId = hold.id;
  } catch (error) {
    // Nothing is held: the purchase did not happen and may be tried again at once.
    await orders.finish(orderId, "failed", "the charge could not be placed", context.now());
    throw error;
  }
  await context.db.transaction().execute(async (trx) => {
    await new OrderRepository(trx).held(orderId, holdId);
    await context.recordEvent(
      trx,
      createEvent(
        "video-summary.requested",
        { orderId, userId: input.userId, holdId, videoId },
        { correlationId: input.correlationId },
      ),
    );
  });
  return { message: messages.orderPlaced };
}

/** Opens the purchase; false when one for this video is already open (a double click, a retried request). */
async function openOrder(
  context: SummariserContext,
  orders: OrderRepository,
  order: { id: string; userId: string; videoId: string },
): Promise<boolean> {
  if (await orders.open(order, context.now())) return true;
  const open = await orders.findOpen(order.userId, order.videoId);
  const stale =
    open?.status === "placing" && context.now().getTime() - open.created_at.getTime() > STALE_PLACING_MS;
  if (!open || stale) {
    if (open) await orders.finish(open.id, "failed", "abandoned while the charge was placed", context.now());
    return (await orders.open(order, context.now())) !== undefined;
  }
  return false;
}
