import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { type FollowedChannelRow, FollowRepository } from "../store/follow-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { CHANNEL_ID } from "./channel-reference.ts";
import { followEventData } from "./follow-event-data.ts";
import { messages } from "./messages.ts";

/**
 * Removes a channel from the user's list, with its `channel.unfollowed` event in the same transaction.
 * A channel the user does not follow is a 404, whoever else follows it. The channel and its videos
 * stay: other users may follow it, and history refers to them.
 */
export async function unfollowChannel(
  context: CatalogContext,
  input: { userId: string; youtubeChannelId: string; correlationId: string },
): Promise<FollowedChannelRow> {
  // Nothing that is not a channel id can be in anyone's list; such text never reaches the database.
  if (!CHANNEL_ID.test(input.youtubeChannelId)) throw new HttpError(404, messages.notFollowing);
  return context.db.transaction().execute(async (trx) => {
    const follows = new FollowRepository(trx);
    await follows.lockFollowsOf(input.userId);
    const channel = await follows.find(input.userId, input.youtubeChannelId);
    if (!channel || !(await follows.delete(input.userId, input.youtubeChannelId))) {
      throw new HttpError(404, messages.notFollowing);
    }
    const data = followEventData(input.userId, channel);
    await context.recordEvent(
      trx,
      createEvent("channel.unfollowed", data, { correlationId: input.correlationId }),
    );
    return channel;
  });
}
