import { HttpError } from "@tubedigest/http/http-error";
import type { YoutubeChannel } from "../adapters/youtube/youtube-catalog.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { messages } from "./messages.ts";
import { resolveChannels } from "./resolve-channels.ts";

/** One channel's details as `resolveChannels` finds them; 404 for a channel YouTube does not know. */
export async function resolveChannel(
  context: CatalogContext,
  youtubeChannelId: string,
): Promise<YoutubeChannel> {
  const channel = (await resolveChannels(context, [youtubeChannelId])).found.get(youtubeChannelId);
  if (!channel) throw new HttpError(404, messages.channelNotFound);
  return channel;
}
