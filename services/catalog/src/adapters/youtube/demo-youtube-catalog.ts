import demoCatalog from "../../demo/demo-catalog.json" with { type: "json" };
import type {
  LiveBroadcastContent,
  YoutubeCatalog,
  YoutubeChannel,
  YoutubeVideo,
} from "./youtube-catalog.ts";

/** The shape of demo/demo-catalog.json: made-up channels with their videos. */
interface DemoCatalogFile {
  channels: {
    id: string;
    handle: string;
    title: string;
    description: string;
    thumbnailUrl: string;
    subscriberCount: number;
    videos: {
      id: string;
      title: string;
      description: string;
      hoursAgo: number;
      duration: string;
      live: string;
    }[];
  }[];
}

const PAGE_SIZE = 50;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The embedded default without a YouTube API key: a demo catalog shipped as data, behind the same
 * interface as the Data API, so search, follows and upload detection work with no network. Video
 * times are relative to when the catalog is loaded, so there are always "recent" uploads; a few are
 * due in the days after it (negative `hoursAgo`) and appear once `now` has passed them, so the demo
 * channels keep posting (and a daily digest has something new each day, on the development clock too).
 */
export function createDemoYoutubeCatalog(now: () => Date = () => new Date()): YoutubeCatalog {
  const file = demoCatalog as DemoCatalogFile;
  const loadedAt = now().getTime();
  const channels = new Map<string, YoutubeChannel>();
  const videos = new Map<string, YoutubeVideo>();
  const handles = new Map<string, string>();
  const searchText = new Map<string, string>();
  for (const channel of file.channels) {
    channels.set(channel.id, {
      id: channel.id,
      title: channel.title,
      description: channel.description,
      thumbnailUrl: channel.thumbnailUrl,
      subscriberCount: channel.subscriberCount,
      uploadsPlaylistId: `UU${channel.id.slice(2)}`,
    });
    handles.set(channel.handle.toLowerCase(), channel.id);
    searchText.set(channel.id, `${channel.title} ${channel.description} @${channel.handle}`.toLowerCase());
    for (const video of channel.videos) {
      videos.set(video.id, {
        id: video.id,
        channelId: channel.id,
        title: video.title,
        description: video.description,
        tags: [],
        publishedAt: new Date(loadedAt - video.hoursAgo * HOUR_MS).toISOString(),
        duration: video.duration,
        thumbnailUrl: `https://example.invalid/demo/videos/${video.id}.jpg`,
        liveBroadcastContent: video.live as LiveBroadcastContent,
      });
    }
  }

  const published = (video: YoutubeVideo) => Date.parse(video.publishedAt) <= now().getTime();
  const uploadsOf = (playlistId: string) =>
    [...videos.values()]
      .filter((video) => `UU${video.channelId.slice(2)}` === playlistId && published(video))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

  return {
    async searchChannelIds(query, limit) {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      return [...searchText]
        .filter(([, text]) => words.every((word) => text.includes(word)))
        .map(([id]) => id)
        .slice(0, limit);
    },
    async channelsByIds(ids) {
      return ids.flatMap((id) => channels.get(id) ?? []);
    },
    async channelByHandle(handle) {
      const id = handles.get(handle.replace(/^@/, "").toLowerCase());
      return id ? channels.get(id) : undefined;
    },
    async uploadsPage(playlistId, pageToken) {
      const uploads = uploadsOf(playlistId);
      const start = Number(pageToken ?? 0) || 0;
      const page = uploads.slice(start, start + PAGE_SIZE);
      return {
        entries: page.map((video) => ({ videoId: video.id, publishedAt: video.publishedAt })),
        nextPageToken: start + PAGE_SIZE < uploads.length ? String(start + PAGE_SIZE) : undefined,
      };
    },
    async videosByIds(ids) {
      return ids.flatMap((id) => {
        const video = videos.get(id);
        return video && published(video) ? [video] : [];
      });
    },
  };
}
