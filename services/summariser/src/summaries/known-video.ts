import type { SummariserContext } from "../shared/summariser-context.ts";
import { VideoRepository, type VideoRow } from "../store/video-repository.ts";

/** A stream seen live is asked about again after this, since it gets its length when it ends. */
const LIVE_REFRESH_MS = 10 * 60 * 1000;

/**
 * A video as catalog describes it, asked for once and kept: its title and description (what a summary
 * falls back on without captions) and its length (what a purchase is priced by). Null for a video
 * YouTube does not know.
 */
export async function knownVideo(context: SummariserContext, videoId: string): Promise<VideoRow | null> {
  const videos = new VideoRepository(context.db);
  const stored = await videos.find(videoId);
  const now = context.now();
  const stale =
    stored && stored.live_status !== "none" && now.getTime() - stored.fetched_at.getTime() > LIVE_REFRESH_MS;
  if (stored && !stale) return stored;
  const described = await context.catalog.describeVideo(videoId);
  if (!described) return null;
  const row = {
    video_id: described.youtubeVideoId,
    channel_id: described.youtubeChannelId,
    title: described.title,
    description: described.description,
    published_at: new Date(described.publishedAt),
    duration_seconds: described.durationSeconds,
    live_status: described.liveStatus,
    is_short: described.isShort,
    language: described.language ?? null,
  };
  await videos.save(row, now);
  return { ...row, fetched_at: now };
}
