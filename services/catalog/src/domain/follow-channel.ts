import { HttpError } from "@tubedigest/http/http-error";
import type { FollowedChannelRow } from "../store/follow-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { followChannels } from "./follow-channels.ts";
import { messages } from "./messages.ts";

/**
 * Adds a channel to the user's list. Following a channel twice changes nothing; following one more
 * than billing allows the user is a 403 naming the plan that allows more; a channel YouTube does not
 * know is a 404. The follow and its `channel.followed` event are written in one transaction.
 */
export async function followChannel(
  context: CatalogContext,
  input: { userId: string; youtubeChannelId: string; correlationId: string },
): Promise<{ channel: FollowedChannelRow; created: boolean }> {
  const { channels, added } = await followChannels(context, {
    userId: input.userId,
    youtubeChannelIds: [input.youtubeChannelId],
    correlationId: input.correlationId,
  });
  const [channel] = channels;
  if (!channel) throw new HttpError(404, messages.channelNotFound);
  return { channel, created: added.length === 1 };
}
