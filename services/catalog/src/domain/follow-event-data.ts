import type { ChannelFollowData } from "@tubedigest/contracts";
import type { Static } from "typebox";
import type { FollowedChannelRow } from "../store/follow-repository.ts";

/** What channel.followed and channel.unfollowed carry: enough for a read model to act without calling back. */
export function followEventData(
  userId: string,
  channel: FollowedChannelRow,
): Static<typeof ChannelFollowData> {
  return {
    userId,
    youtubeChannelId: channel.youtube_channel_id,
    title: channel.title,
    thumbnailUrl: channel.thumbnail_url,
  };
}
