/**
 * What catalog answers other services about videos (`GET /internal/channels/{id}/videos`,
 * `GET /internal/channels/videos`, `GET /internal/videos/{id}`): the route's reply schema and its callers' type, declared once. Pure:
 * TypeBox alone, so any side may import it.
 */
import Type, { type Static } from "typebox";

/** Whether a video is a stream now live, one still to come, or neither. */
export const LiveStatus = Type.Union([Type.Literal("none"), Type.Literal("live"), Type.Literal("upcoming")]);
export type LiveStatus = Static<typeof LiveStatus>;

/** A channel's upload as catalog lists it. */
export const ChannelVideo = Type.Object({
  youtubeVideoId: Type.String(),
  url: Type.String(),
  title: Type.String(),
  publishedAt: Type.String(),
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
  thumbnailUrl: Type.String(),
  isShort: Type.Boolean(),
  liveStatus: LiveStatus,
  /** Shorts and streams that are live or upcoming: digests and previews leave them out. */
  skipInDigest: Type.Boolean(),
});
export type ChannelVideo = Static<typeof ChannelVideo>;

/** A channel's uploads since a moment, oldest first (`GET /internal/channels/{id}/videos?since=`). */
export const ChannelVideosReply = Type.Object({
  youtubeChannelId: Type.String(),
  /** The channel's title as YouTube gives it, never as a client said it. */
  title: Type.String(),
  upToDate: Type.Boolean(),
  checkedAt: Type.Union([Type.String(), Type.Null()]),
  videos: Type.Array(ChannelVideo),
});
export type ChannelVideosReply = Static<typeof ChannelVideosReply>;

/** The most channels one `GET /internal/channels/videos` names. */
export const MAX_CHANNELS_PER_LISTING = 50;

/**
 * Several channels' uploads since one moment, in one call (`GET /internal/channels/videos?ids=…&since=`):
 * a digest's channels. Each channel answered once, in the order asked; those YouTube does not know in
 * `unknown` rather than failing the rest.
 */
export const ChannelsVideosReply = Type.Object({
  channels: Type.Array(ChannelVideosReply),
  unknown: Type.Array(Type.String()),
});
export type ChannelsVideosReply = Static<typeof ChannelsVideosReply>;

/** Any public video as catalog describes it now (`GET /internal/videos/{id}`). */
export const VideoDescription = Type.Object({
  youtubeVideoId: Type.String(),
  youtubeChannelId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  publishedAt: Type.String(),
  /** Null while a stream is live or a premiere has not started. */
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
  thumbnailUrl: Type.String(),
  isShort: Type.Boolean(),
  liveStatus: LiveStatus,
  /** The language spoken, when the uploader set it (a BCP 47 code): the summariser prefers captions in it. */
  language: Type.Union([Type.String(), Type.Null()]),
});
export type VideoDescription = Static<typeof VideoDescription>;
