import { defineEvent } from "../contract.ts";
import { ChannelFollowData, channelFollowExample } from "./channel-follow.ts";

export type ChannelFollowedData = ChannelFollowData;

/** Emitted by catalog when a user follows a channel; summariser keeps its read model of who follows what. */
export const channelFollowed = defineEvent({
  name: "channel.followed",
  version: 1,
  schema: ChannelFollowData,
  example: channelFollowExample,
});
