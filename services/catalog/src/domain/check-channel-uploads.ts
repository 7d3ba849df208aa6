import type { YoutubeCatalog, YoutubeVideo } from "../adapters/youtube/youtube-catalog.ts";
import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import { type NewVideo, type Video, VideoRepository } from "../store/video-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { uploadsCutoff } from "./uploads-cutoff.ts";
import { durationSeconds, isShort } from "./video-kind.ts";
import { videoPublishedEvents } from "./video-published-events.ts";

export interface UploadCheck {
  /** Videos seen for the first time by this check. */
  newVideos: Video[];
  /** When the channel's uploads were last asked of YouTube (this check, or the recent one it reused). */
  checkedAt: Date;
}

/** 4 pages of 50: more than any channel uploads in a week; caps the cost of one check at 4 + 4 units. */
const MAX_PAGES = 4;
const VIDEOS_PER_CALL = 50;

/**
 * Finds a channel's uploads since its last check: pages of its uploads playlist (1 unit each, newest
 * first) until the previous check is reached, then videos.list in batches of 50 (1 unit each) for
 * durations and live state. Streams still live or upcoming are asked again until they end. A recent
 * check (within `refreshAfterSeconds`) is reused, and concurrent askers in this process share one check.
 * Each video a digest will carry is announced (`video.published`, correlated with `cause`) in the
 * transaction that first stores it as such: when it is first seen, or when a stream is seen ended.
 */
export function checkChannelUploads(
  context: CatalogContext,
  channel: Channel,
  cause: { correlationId: string },
): Promise<UploadCheck> {
  const running = context.uploadChecks.get(channel.youtube_channel_id);
  if (running) return running;
  const check = runCheck(context, channel, cause).finally(() =>
    context.uploadChecks.delete(channel.youtube_channel_id),
  );
  context.uploadChecks.set(channel.youtube_channel_id, check);
  return check;
}

async function runCheck(
  context: CatalogContext,
  channel: Channel,
  cause: { correlationId: string },
): Promise<UploadCheck> {
  const now = context.now();
  const lastCheck = channel.uploads_checked_at;
  const refreshMs = context.uploads.refreshAfterSeconds * 1000;
  if (lastCheck && now.getTime() - lastCheck.getTime() < refreshMs) {
    return { newVideos: [], checkedAt: lastCheck };
  }
  const cutoff = uploadsCutoff(context, channel, now);
  const youtube = context.youtube("uploads");
  const videos = new VideoRepository(context.db);

  const recentIds = await recentUploadIds(youtube, uploadsPlaylistOf(channel), cutoff);
  const known = await videos.knownIds(recentIds);
  const unseenIds = new Set(recentIds.filter((id) => !known.has(id)));
  const unfinished = await videos.unfinishedLiveIds(channel.youtube_channel_id);
  const details = await videoDetails(youtube, [...new Set([...unseenIds, ...unfinished])]);
  const rows = details
    .filter((video) => video.channelId === channel.youtube_channel_id)
    .map((video) => toRow(video));

  const isUnseen = (row: NewVideo) => unseenIds.has(row.youtube_video_id);

  const newVideos = await context.db.transaction().execute(async (trx) => {
    const store = new VideoRepository(trx);
    const inserted = await store.insertNew(rows.filter(isUnseen));
    const refreshed: Video[] = [];
    for (const row of rows.filter((r) => !isUnseen(r))) {
      const stream = await store.refreshUnfinished(row);
      if (stream) refreshed.push(stream);
    }
    for (const event of videoPublishedEvents([...inserted, ...refreshed], cause.correlationId)) {
      await context.recordEvent(trx, event);
    }
    await new ChannelRepository(trx).markUploadsChecked(channel.youtube_channel_id, now);
    return inserted;
  });
  return { newVideos: newVideos.sort(byPublished), checkedAt: now };
}

/** Every channel's uploads playlist is its id with "UC" turned into "UU"; YouTube's answer wins if known. */
function uploadsPlaylistOf(channel: Channel): string {
  return channel.uploads_playlist_id ?? `UU${channel.youtube_channel_id.slice(2)}`;
}

async function recentUploadIds(
  youtube: YoutubeCatalog,
  playlistId: string,
  cutoff: number,
): Promise<string[]> {
  const ids = new Set<string>();
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { entries, nextPageToken } = await youtube.uploadsPage(playlistId, pageToken);
    let reachedCutoff = false;
    for (const entry of entries) {
      // Private and deleted uploads carry no publish time; they cannot be shown anyway.
      const published = entry.publishedAt ? Date.parse(entry.publishedAt) : Number.NaN;
      if (Number.isNaN(published)) continue;
      if (published >= cutoff) ids.add(entry.videoId);
      else reachedCutoff = true;
    }
    if (reachedCutoff || !nextPageToken) break;
    pageToken = nextPageToken;
  }
  return [...ids];
}

async function videoDetails(youtube: YoutubeCatalog, ids: readonly string[]): Promise<YoutubeVideo[]> {
  const found: YoutubeVideo[] = [];
  for (let start = 0; start < ids.length; start += VIDEOS_PER_CALL) {
    found.push(...(await youtube.videosByIds(ids.slice(start, start + VIDEOS_PER_CALL))));
  }
  return found;
}

function toRow(video: YoutubeVideo): NewVideo {
  const seconds = durationSeconds(video.duration);
  return {
    youtube_video_id: video.id,
    youtube_channel_id: video.channelId,
    title: video.title,
    published_at: new Date(video.publishedAt),
    duration_seconds: seconds,
    thumbnail_url: video.thumbnailUrl,
    is_short: isShort({ ...video, durationSeconds: seconds }),
    live_status: video.liveBroadcastContent,
  };
}

const byPublished = (a: Video, b: Video) => a.published_at.getTime() - b.published_at.getTime();
