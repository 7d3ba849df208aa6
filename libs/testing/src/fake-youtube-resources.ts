/**
 * The YouTube Data API v3 resources and error bodies the fake server answers with, shaped as the real
 * API sends them (https://developers.google.com/youtube/v3/docs), so the official SDK parses them as
 * it would in production.
 */

export interface FakeChannel {
  /** "UC" and 22 characters. */
  id: string;
  title: string;
  description?: string;
  /** Without the "@"; channels.list?forHandle finds the channel by it. */
  handle?: string;
  thumbnailUrl?: string;
  /** Null when the channel hides its subscriber count (statistics.hiddenSubscriberCount). */
  subscriberCount: number | null;
}

export interface FakeVideo {
  /** 11 characters. */
  id: string;
  channelId: string;
  title: string;
  description?: string;
  /** ISO 8601 instant. */
  publishedAt: string;
  /** ISO 8601 duration as contentDetails.duration gives it, e.g. "PT4M13S"; "P0D" while live. */
  duration: string;
  liveBroadcastContent?: "none" | "live" | "upcoming";
  tags?: string[];
  /** The language spoken, as the uploader set it (snippet.defaultAudioLanguage); absent when unset. */
  defaultAudioLanguage?: string;
}

const etag = (seed: string) => Buffer.from(seed).toString("base64url").slice(0, 27);

function thumbnails(url: string) {
  return {
    default: { url, width: 88, height: 88 },
    medium: { url, width: 240, height: 240 },
    high: { url, width: 800, height: 800 },
  };
}

export const uploadsPlaylistOf = (channelId: string) => `UU${channelId.slice(2)}`;

const thumbnailOf = (channel: FakeChannel) =>
  channel.thumbnailUrl ?? `https://example.invalid/fake-youtube/${channel.id}.jpg`;

export function searchResult(channel: FakeChannel) {
  return {
    kind: "youtube#searchResult",
    etag: etag(`search${channel.id}`),
    id: { kind: "youtube#channel", channelId: channel.id },
    snippet: {
      publishedAt: "2015-03-01T12:00:00Z",
      channelId: channel.id,
      title: channel.title,
      description: channel.description ?? "",
      thumbnails: thumbnails(thumbnailOf(channel)),
      channelTitle: channel.title,
      liveBroadcastContent: "none",
      publishTime: "2015-03-01T12:00:00Z",
    },
  };
}

export function channelResource(channel: FakeChannel, parts: Set<string>) {
  return {
    kind: "youtube#channel",
    etag: etag(`channel${channel.id}`),
    id: channel.id,
    ...(parts.has("snippet")
      ? {
          snippet: {
            title: channel.title,
            description: channel.description ?? "",
            customUrl: channel.handle ? `@${channel.handle.toLowerCase()}` : undefined,
            publishedAt: "2015-03-01T12:00:00Z",
            thumbnails: thumbnails(thumbnailOf(channel)),
            localized: { title: channel.title, description: channel.description ?? "" },
          },
        }
      : {}),
    ...(parts.has("contentDetails")
      ? { contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsPlaylistOf(channel.id) } } }
      : {}),
    ...(parts.has("statistics")
      ? {
          statistics: {
            viewCount: String((channel.subscriberCount ?? 1000) * 40),
            ...(channel.subscriberCount === null
              ? { hiddenSubscriberCount: true }
              : { subscriberCount: String(channel.subscriberCount), hiddenSubscriberCount: false }),
            videoCount: "120",
          },
        }
      : {}),
  };
}

export function playlistItemResource(video: FakeVideo, channel: FakeChannel, position: number) {
  return {
    kind: "youtube#playlistItem",
    etag: etag(`item${video.id}`),
    id: etag(`playlist-item${video.id}${position}`),
    snippet: {
      publishedAt: video.publishedAt,
      channelId: channel.id,
      title: video.title,
      description: video.description ?? "",
      thumbnails: thumbnails(`https://i.ytimg.invalid/vi/${video.id}/default.jpg`),
      channelTitle: channel.title,
      playlistId: uploadsPlaylistOf(channel.id),
      position,
      resourceId: { kind: "youtube#video", videoId: video.id },
      videoOwnerChannelTitle: channel.title,
      videoOwnerChannelId: channel.id,
    },
    contentDetails: { videoId: video.id, videoPublishedAt: video.publishedAt },
  };
}

export function videoResource(video: FakeVideo, channel: FakeChannel | undefined, parts: Set<string>) {
  const live = video.liveBroadcastContent ?? "none";
  return {
    kind: "youtube#video",
    etag: etag(`video${video.id}`),
    id: video.id,
    ...(parts.has("snippet")
      ? {
          snippet: {
            publishedAt: video.publishedAt,
            channelId: video.channelId,
            title: video.title,
            description: video.description ?? "",
            thumbnails: thumbnails(`https://i.ytimg.invalid/vi/${video.id}/default.jpg`),
            channelTitle: channel?.title ?? "",
            ...(video.tags ? { tags: video.tags } : {}),
            ...(video.defaultAudioLanguage ? { defaultAudioLanguage: video.defaultAudioLanguage } : {}),
            categoryId: "27",
            liveBroadcastContent: live,
          },
        }
      : {}),
    ...(parts.has("contentDetails")
      ? {
          contentDetails: {
            duration: video.duration,
            dimension: "2d",
            definition: "hd",
            caption: "false",
            licensedContent: false,
            contentRating: {},
            projection: "rectangular",
          },
        }
      : {}),
    ...(parts.has("liveStreamingDetails") && live !== "none"
      ? { liveStreamingDetails: { scheduledStartTime: video.publishedAt } }
      : {}),
  };
}

export function listResponse(kind: string, items: unknown[], total: number, nextPageToken?: string) {
  return {
    kind,
    etag: etag(`${kind}${total}${nextPageToken ?? ""}`),
    ...(nextPageToken ? { nextPageToken } : {}),
    pageInfo: { totalResults: total, resultsPerPage: items.length },
    // The real API leaves `items` out of an empty channels.list answer; the SDK user must cope.
    ...(items.length > 0 || kind !== "youtube#channelListResponse" ? { items } : {}),
  };
}

/** The error body Google APIs send: `error.errors[].reason` tells quotaExceeded from the rest. */
export function errorBody(code: number, reason: string, message: string, domain = "global") {
  return { error: { code, message, errors: [{ message, domain, reason }] } };
}

export const QUOTA_EXCEEDED_BODY = errorBody(
  403,
  "quotaExceeded",
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  "youtube.quota",
);

export const RATE_LIMITED_BODY = {
  error: {
    ...errorBody(429, "rateLimitExceeded", "Resource has been exhausted (e.g. check quota).").error,
    status: "RESOURCE_EXHAUSTED",
  },
};

export const BACKEND_ERROR_BODY = errorBody(503, "backendError", "The service is currently unavailable.");

/** How many uploads YouTube's public feed lists: the newest 15, whatever their kind. */
export const FEED_ENTRIES = 15;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[char]};`,
  );

/** YouTube writes the feed's instants with an explicit offset, not "Z". */
const feedTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "+00:00");

function feedEntry(video: FakeVideo, channel: FakeChannel): string {
  const watch = `https://www.youtube.com/watch?v=${video.id}`;
  return ` <entry>
  <id>yt:video:${video.id}</id>
  <yt:videoId>${video.id}</yt:videoId>
  <yt:channelId>${channel.id}</yt:channelId>
  <title>${escapeXml(video.title)}</title>
  <link rel="alternate" href="${watch}"/>
  <author>
   <name>${escapeXml(channel.title)}</name>
   <uri>https://www.youtube.com/channel/${channel.id}</uri>
  </author>
  <published>${feedTime(video.publishedAt)}</published>
  <updated>${feedTime(video.publishedAt)}</updated>
  <media:group>
   <media:title>${escapeXml(video.title)}</media:title>
   <media:content url="https://www.youtube.com/v/${video.id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i.ytimg.invalid/vi/${video.id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${escapeXml(video.description ?? "")}</media:description>
   <media:community>
    <media:starRating count="12" average="5.00" min="1" max="5"/>
    <media:statistics views="345"/>
   </media:community>
  </media:group>
 </entry>
`;
}

/**
 * A channel's public uploads feed (`/feeds/videos.xml?channel_id=`) as YouTube serves it: Atom with the
 * `yt:` and `media:` namespaces, the newest uploads first, at most 15.
 */
export function uploadsFeedXml(channel: FakeChannel, uploads: readonly FakeVideo[]): string {
  const newest = [...uploads]
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, FEED_ENTRIES);
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channel.id}"/>
 <id>yt:channel:${channel.id.slice(2)}</id>
 <yt:channelId>${channel.id.slice(2)}</yt:channelId>
 <title>${escapeXml(channel.title)}</title>
 <link rel="alternate" href="https://www.youtube.com/channel/${channel.id}"/>
 <author>
  <name>${escapeXml(channel.title)}</name>
  <uri>https://www.youtube.com/channel/${channel.id}</uri>
 </author>
 <published>2015-03-01T12:00:00+00:00</published>
${newest.map((video) => feedEntry(video, channel)).join("")}</feed>
`;
}
