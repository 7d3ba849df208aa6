import { randomUUID } from "node:crypto";
import type { SingleSummaryQuote } from "@tubedigest/contracts/single-summary";
import { WATCH_OR_SHORT_LINK, watchUrl, youtubeVideoId } from "@tubedigest/contracts/youtube-video-url";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "../shared/messages.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { SingleSummaryRepository } from "../store/single-summary-repository.ts";
import { knownVideo } from "../summaries/known-video.ts";

/** How long a price shown may be confirmed: long enough to read it, short enough to stay true. */
export const QUOTE_MINUTES = 15;
/** Prices never confirmed are kept this long after they ran out, then dropped as new ones are shown. */
const EXPIRED_QUOTES_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The price of one video's summary, before anything is charged: the video's title and length from
 * catalog, its price from billing (decided by that length; over 4 hours billing refuses). The price is
 * kept with the length it was decided by, so the confirm holds exactly this amount. A video the
 * subscriber bought already is not priced again (409).
 */
export async function quoteSingleSummary(
  context: SummariserContext,
  input: { userId: string; videoUrl: string },
): Promise<SingleSummaryQuote> {
  if (input.videoUrl.trim() === "") throw new HttpError(400, messages.missing);
  const videoId = youtubeVideoId(input.videoUrl, WATCH_OR_SHORT_LINK);
  if (!videoId) throw new HttpError(400, messages.invalidForDashboard);
  const orders = new SingleSummaryRepository(context.db);
  // No price for a video already bought; under a race, the confirm refuses the second purchase.
  if (await orders.hasBought(input.userId, videoId)) throw new HttpError(409, messages.alreadyBought);
  const video = await knownVideo(context, videoId);
  if (!video) throw new HttpError(404, messages.videoNotFound);
  const durationSeconds = video.duration_seconds;
  if (durationSeconds === null) throw new HttpError(422, messages.videoNotFinished);
  const price = await context.billing.quote(input.userId, { durationSeconds });

  const now = context.now();
  const expiresAt = new Date(now.getTime() + QUOTE_MINUTES * 60 * 1000);
  const quoteId = randomUUID();
  await orders.quote({
    id: quoteId,
    userId: input.userId,
    videoId,
    durationSeconds,
    amountCents: price.amountCents,
    now,
    expiresAt,
  });
  await orders.dropExpiredQuotes(input.userId, new Date(now.getTime() - EXPIRED_QUOTES_KEPT_MS));
  return {
    quoteId,
    videoId,
    title: video.title,
    url: watchUrl(videoId),
    durationSeconds,
    amountCents: price.amountCents,
    payment: price.payment,
    expiresAt: expiresAt.toISOString(),
  };
}
