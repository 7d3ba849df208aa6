import { type ChannelVideo, MAX_CHANNELS_PER_LISTING } from "@tubedigest/contracts/catalog-videos";
import type { ChannelSearchResult, DashboardChannel } from "@tubedigest/contracts/channels";
import { MAX_IMPORT_ROWS } from "@tubedigest/contracts/import-limits";
import { multiLineText, singleLineText } from "@tubedigest/http";
import Type from "typebox";
import type { YoutubeChannel } from "../adapters/youtube/youtube-catalog.ts";
import { CHANNEL_ID } from "../domain/channel-reference.ts";
import { messages } from "../domain/messages.ts";
import { MAX_QUERY_LENGTH } from "../domain/search-query.ts";
import { skipsDigest } from "../domain/skips-digest.ts";
import type { FollowedChannelRow } from "../store/follow-repository.ts";
import type { Video } from "../store/video-repository.ts";

const channelIdPattern = CHANNEL_ID.source;

export const SearchQuery = Type.Object(
  {
    // Multi-line: a pasted tab or line break is spacing the domain collapses, not a reason to refuse.
    query: multiLineText("Search text", {
      // Room for spacing that normalising collapses; the domain checks the length it keeps.
      maxLength: MAX_QUERY_LENGTH * 4,
      messages: { type: messages.queryTooShort, maxLength: messages.queryTooLong },
    }),
  },
  { errorMessage: { required: { query: messages.queryTooShort } } },
);

/** A channel search result (docs/product.md#data-shapes); a hidden count reads as 0. */
export function toSearchResult(channel: YoutubeChannel): ChannelSearchResult {
  return {
    id: channel.id,
    snippet: {
      title: channel.title,
      description: channel.description,
      thumbnails: { default: { url: channel.thumbnailUrl } },
    },
    // A hidden count reads as 0: the page parses it as a number and sorts by it.
    statistics: { subscriberCount: String(channel.subscriberCount ?? 0) },
  };
}

/**
 * A user channel as sent when adding (docs/product.md#data-shapes). Only youtubeChannelId is used: the rest
 * is accepted so the page can send what the search gave it, but the stored details come from YouTube.
 */
export const FollowBody = Type.Object(
  {
    youtubeChannelId: Type.String({ pattern: channelIdPattern, errorMessage: messages.channelIdInvalid }),
    title: Type.Optional(Type.Union([singleLineText("Channel title", { maxLength: 500 }), Type.Null()])),
    description: Type.Optional(
      Type.Union([multiLineText("Channel description", { maxLength: 10_000 }), Type.Null()]),
    ),
    thumbnailUrl: Type.Optional(
      Type.Union([singleLineText("Channel thumbnail address", { maxLength: 4096 }), Type.Null()]),
    ),
    subscriberCount: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: "^[0-9]{1,15}$" }), Type.Null()]),
    ),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { youtubeChannelId: messages.channelIdInvalid } },
  },
);

/** A subscriptions file to look up: its bytes, base64-encoded, so the server reads them as they are. */
export const ImportPreviewBody = Type.Object(
  {
    file: Type.String({
      // The request's size is bounded by the route's body limit; the file's by the domain, with its message.
      pattern: "^[A-Za-z0-9+/]*={0,2}$",
      errorMessage: messages.importFileInvalid,
    }),
  },
  { additionalProperties: false, errorMessage: { required: { file: messages.importFileInvalid } } },
);

/** The channels chosen from a looked-up file, to follow in one request. */
export const ImportBody = Type.Object(
  {
    youtubeChannelIds: Type.Array(
      Type.String({ pattern: channelIdPattern, errorMessage: messages.importChannelIdsInvalid }),
      { minItems: 1, maxItems: MAX_IMPORT_ROWS, errorMessage: messages.importChannelIdsInvalid },
    ),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { youtubeChannelIds: messages.importChannelIdsInvalid } },
  },
);

export const ChannelIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A followed channel as the dashboard shows it (docs/product.md#data-shapes). */
export function toDashboardChannel(row: FollowedChannelRow): DashboardChannel {
  return {
    id: row.youtube_channel_id,
    youtubeChannelId: row.youtube_channel_id,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnail_url,
    ...(row.subscriber_count === null ? {} : { subscriberCount: Number(row.subscriber_count) }),
  };
}

export const ChannelVideosParams = Type.Object({
  youtubeChannelId: Type.String({ pattern: channelIdPattern, errorMessage: messages.channelIdInvalid }),
});

export const ChannelVideosQuery = Type.Object(
  { since: Type.String({ format: "date-time", maxLength: 64, errorMessage: messages.sinceInvalid }) },
  { errorMessage: { required: { since: messages.sinceInvalid } } },
);

// One id, then up to MAX_CHANNELS_PER_LISTING - 1 more after commas.
const channelIdBody = channelIdPattern.replace(/^\^|\$$/g, "");
export const ChannelsVideosQuery = Type.Object(
  {
    ids: Type.String({
      pattern: `^${channelIdBody}(,${channelIdBody}){0,${MAX_CHANNELS_PER_LISTING - 1}}$`,
      errorMessage: messages.channelIdsInvalid,
    }),
    since: ChannelVideosQuery.properties.since,
  },
  { errorMessage: { required: { ids: messages.channelIdsInvalid, since: messages.sinceInvalid } } },
);

export const VideoParams = Type.Object({
  youtubeVideoId: Type.String({ pattern: "^[A-Za-z0-9_-]{11}$", errorMessage: messages.videoIdInvalid }),
});

export function toChannelVideo(video: Video): ChannelVideo {
  return {
    youtubeVideoId: video.youtube_video_id,
    url: `https://www.youtube.com/watch?v=${video.youtube_video_id}`,
    title: video.title,
    publishedAt: video.published_at.toISOString(),
    durationSeconds: video.duration_seconds,
    thumbnailUrl: video.thumbnail_url,
    isShort: video.is_short,
    liveStatus: video.live_status,
    skipInDigest: skipsDigest(video),
  };
}
