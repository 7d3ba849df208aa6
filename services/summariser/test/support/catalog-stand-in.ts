import type {
  CatalogClient,
  ChannelVideo,
  VideoDescription,
} from "../../src/adapters/service-clients/catalog-client.ts";
import { ServiceUnavailableError } from "../../src/adapters/service-clients/service-call.ts";

/** A video as the stand-in keeps it: catalog's description plus what a channel listing needs. */
export interface StandInVideo {
  id: string;
  channelId: string;
  title: string;
  description?: string;
  hoursAgo?: number;
  durationSeconds?: number | null;
  isShort?: boolean;
  liveStatus?: "none" | "live" | "upcoming";
  /** The language spoken, as the uploader set it. */
  language?: string;
}

/**
 * Catalog as the summariser sees it through CatalogClient: channels (titled by `titles`, else "Channel
 * <id>") with their week of videos, any
 * video's description. Catalog's own HTTP routes are tested in catalog and through the gateway's stack;
 * here the summariser's logic is under test, so it can be told to be down and counts what it is asked.
 */
export function catalogStandIn(videos: StandInVideo[] = [], titles: Record<string, string> = {}) {
  const known = new Map(videos.map((video) => [video.id, video]));
  const channels = new Set([...videos.map((video) => video.channelId), ...Object.keys(titles)]);
  const calls = { channelVideos: 0, channelsVideos: 0, describeVideo: 0 };
  let down = false;
  const published = (video: StandInVideo) => new Date(Date.now() - (video.hoursAgo ?? 10) * 3_600_000);

  const listing = (channelId: string, since: Date) => {
    if (!channels.has(channelId)) return null;
    const listed = [...known.values()]
      .filter((video) => video.channelId === channelId && published(video) > since)
      .map((video): ChannelVideo => {
        const liveStatus = video.liveStatus ?? "none";
        const isShort = video.isShort ?? false;
        return {
          youtubeVideoId: video.id,
          url: `https://www.youtube.com/watch?v=${video.id}`,
          title: video.title,
          publishedAt: published(video).toISOString(),
          durationSeconds: video.durationSeconds === undefined ? 600 : video.durationSeconds,
          thumbnailUrl: "https://i.ytimg.invalid/x.jpg",
          isShort,
          liveStatus,
          skipInDigest: isShort || liveStatus !== "none",
        };
      });
    return { title: titles[channelId] ?? `Channel ${channelId}`, videos: listed };
  };

  const client: CatalogClient = {
    async channelVideos(channelId, since) {
      calls.channelVideos += 1;
      if (down) throw new ServiceUnavailableError("catalog", "down in this test");
      return listing(channelId, since);
    },
    async channelsVideos(channelIds, since) {
      calls.channelsVideos += 1;
      if (down) throw new ServiceUnavailableError("catalog", "down in this test");
      return new Map(
        channelIds.flatMap((channelId) => {
          const listed = listing(channelId, since);
          return listed ? [[channelId, listed] as const] : [];
        }),
      );
    },
    async describeVideo(videoId) {
      calls.describeVideo += 1;
      if (down) throw new ServiceUnavailableError("catalog", "down in this test");
      const video = known.get(videoId);
      if (!video) return null;
      const description: VideoDescription = {
        youtubeVideoId: video.id,
        youtubeChannelId: video.channelId,
        title: video.title,
        description: video.description ?? `What ${video.title} is about.`,
        publishedAt: published(video).toISOString(),
        durationSeconds: video.durationSeconds === undefined ? 600 : video.durationSeconds,
        thumbnailUrl: "https://i.ytimg.invalid/x.jpg",
        isShort: video.isShort ?? false,
        liveStatus: video.liveStatus ?? "none",
        language: video.language ?? null,
      };
      return description;
    },
  };
  return {
    client,
    calls,
    add(video: StandInVideo) {
      known.set(video.id, video);
      channels.add(video.channelId);
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}
