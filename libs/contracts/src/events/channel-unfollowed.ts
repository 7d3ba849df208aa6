import { defineEvent } from "../contract.ts";
import { ChannelFollowData, channelFollowExample } from "./channel-follow.ts";

export type ChannelUnfollowedData = ChannelFollowData;

/** Emitted by catalog when a user stops following a channel. */
export const channelUnfollowed = defineEvent({
  name: "channel.unfollowed",
  version: 1,
  schema: ChannelFollowData,
  example: channelFollowExample,
});
