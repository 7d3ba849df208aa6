import {
  type LiveBroadcastContent,
  type UploadsPage,
  type YoutubeChannel,
  YoutubeUnavailableError,
  type YoutubeVideo,
} from "./youtube-catalog.ts";

/*
 * The SDK types its answers, but nothing checks them: a proxy page, a truncated body or a changed field
 * arrives as whatever it is. These readers take the answer as unknown, skip items they cannot use and
 * refuse an answer that is not a list at all.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const objectAt = (value: unknown, key: string): Json =>
  isObject(value) && isObject(value[key]) ? value[key] : {};
const textAt = (value: unknown, key: string): string | undefined => {
  const found = isObject(value) ? value[key] : undefined;
  return typeof found === "string" ? found : undefined;
};

function itemsOf(data: unknown): Json[] {
  if (!isObject(data)) throw new YoutubeUnavailableError("YouTube answered something that is not JSON");
  // channels.list leaves `items` out when nothing matched.
  if (data.items === undefined) return [];
  if (!Array.isArray(data.items))
    throw new YoutubeUnavailableError("YouTube answered items that are not a list");
  return data.items.filter(isObject);
}

const COUNT = /^\d{1,15}$/;

const thumbnailOf = (snippet: Json) => {
  const thumbnails = objectAt(snippet, "thumbnails");
  return (
    textAt(objectAt(thumbnails, "default"), "url") ?? textAt(objectAt(thumbnails, "medium"), "url") ?? ""
  );
};

export function readSearchChannelIds(data: unknown): string[] {
  return itemsOf(data).flatMap((item) => textAt(objectAt(item, "id"), "channelId") ?? []);
}

export function readChannels(data: unknown): YoutubeChannel[] {
  return itemsOf(data).flatMap((item) => {
    const id = textAt(item, "id");
    const snippet = objectAt(item, "snippet");
    const title = textAt(snippet, "title");
    if (!id || title === undefined) return [];
    const count = textAt(objectAt(item, "statistics"), "subscriberCount");
    return [
      {
        id,
        title,
        description: textAt(snippet, "description") ?? "",
        thumbnailUrl: thumbnailOf(snippet),
        subscriberCount: count && COUNT.test(count) ? Number(count) : null,
        uploadsPlaylistId:
          textAt(objectAt(objectAt(item, "contentDetails"), "relatedPlaylists"), "uploads") ?? null,
      },
    ];
  });
}

export function readUploadsPage(data: unknown): UploadsPage {
  const entries = itemsOf(data).flatMap((item) => {
    const details = objectAt(item, "contentDetails");
    const snippet = objectAt(item, "snippet");
    const videoId = textAt(details, "videoId") ?? textAt(objectAt(snippet, "resourceId"), "videoId");
    if (!videoId) return [];
    // Private and deleted uploads have no videoPublishedAt; videos.list will not return them either.
    return [{ videoId, publishedAt: textAt(details, "videoPublishedAt") ?? null }];
  });
  return { entries, nextPageToken: textAt(data, "nextPageToken") };
}

const LIVE_VALUES = new Set<string>(["none", "live", "upcoming"]);

export function readVideos(data: unknown): YoutubeVideo[] {
  return itemsOf(data).flatMap((item) => {
    const id = textAt(item, "id");
    const snippet = objectAt(item, "snippet");
    const title = textAt(snippet, "title");
    const publishedAt = textAt(snippet, "publishedAt");
    const channelId = textAt(snippet, "channelId");
    if (!id || title === undefined || !publishedAt || !channelId || Number.isNaN(Date.parse(publishedAt))) {
      return [];
    }
    const live = textAt(snippet, "liveBroadcastContent") ?? "none";
    const tags = isObject(snippet) && Array.isArray(snippet.tags) ? snippet.tags : [];
    return [
      {
        id,
        channelId,
        title,
        description: textAt(snippet, "description") ?? "",
        tags: tags.filter((tag): tag is string => typeof tag === "string"),
        publishedAt,
        duration: textAt(objectAt(item, "contentDetails"), "duration") ?? null,
        thumbnailUrl: thumbnailOf(snippet),
        liveBroadcastContent: (LIVE_VALUES.has(live) ? live : "none") as LiveBroadcastContent,
        language: spokenLanguageOf(snippet),
      },
    ];
  });
}

/** The uploader's word on the language spoken, when it is a plausible BCP 47 code ("en", "pt-BR"). */
function spokenLanguageOf(snippet: unknown): string | undefined {
  const code = textAt(snippet, "defaultAudioLanguage");
  return code !== undefined && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(code) ? code : undefined;
}
