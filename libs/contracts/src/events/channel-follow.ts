import Type, { type Static } from "typebox";

/** The payload both follow events share: who, which channel, and how to show it without asking catalog. */
export const ChannelFollowData = Type.Object({
  userId: Type.String({ format: "uuid" }),
  youtubeChannelId: Type.String({ minLength: 1 }),
  title: Type.String(),
  thumbnailUrl: Type.String(),
});
export type ChannelFollowData = Static<typeof ChannelFollowData>;

export const channelFollowExample: ChannelFollowData = {
  userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
  youtubeChannelId: "UCsXVk37bltHxD1rDPwtNM8Q",
  title: "Kurzgesagt – In a Nutshell",
  thumbnailUrl: "https://yt3.ggpht.com/example=s88-c-k-c0x00ffffff-no-rj",
};
