import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import type { CatalogDatabase, VideosTable } from "./database.ts";

export type Video = Selectable<VideosTable>;
export type NewVideo = Omit<Insertable<VideosTable>, "detected_at" | "updated_at">;

/** The videos aggregate: every upload detected on a followed channel, stored once for all followers. */
export class VideoRepository {
  constructor(private readonly db: Kysely<CatalogDatabase>) {}

  async knownIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("videos")
      .select("youtube_video_id")
      .where("youtube_video_id", "in", [...ids])
      .execute();
    return new Set(rows.map((row) => row.youtube_video_id));
  }

  /** Streams that were live or upcoming when last seen: they change (and get a duration) when they end. */
  async unfinishedLiveIds(youtubeChannelId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("videos")
      .select("youtube_video_id")
      .where("youtube_channel_id", "=", youtubeChannelId)
      .where("live_status", "!=", "none")
      .orderBy("published_at", "desc")
      .limit(50)
      .execute();
    return rows.map((row) => row.youtube_video_id);
  }

  /** Inserts the videos not stored yet and answers exactly those. */
  insertNew(videos: readonly NewVideo[]): Promise<Video[]> {
    if (videos.length === 0) return Promise.resolve([]);
    return this.db
      .insertInto("videos")
      .values([...videos])
      .onConflict((conflict) => conflict.column("youtube_video_id").doNothing())
      .returningAll()
      .execute();
  }

  /**
   * Stores what YouTube now says of a stream that was live or upcoming, and answers the stored row; or
   * undefined when the stored one had already ended (another check recorded it first, so only one
   * check ever sees a stream end).
   */
  refreshUnfinished(video: NewVideo): Promise<Video | undefined> {
    return this.db
      .updateTable("videos")
      .set({
        title: video.title,
        published_at: video.published_at,
        duration_seconds: video.duration_seconds,
        thumbnail_url: video.thumbnail_url,
        is_short: video.is_short,
        live_status: video.live_status,
        updated_at: sql`now()`,
      })
      .where("youtube_video_id", "=", video.youtube_video_id)
      .where("live_status", "!=", "none")
      .returningAll()
      .executeTakeFirst();
  }

  /** Each channel's videos published after `since`, oldest first, at most `limit` a channel; one statement for all. */
  async publishedAfterEach(
    youtubeChannelIds: readonly string[],
    since: Date,
    limit: number,
  ): Promise<Map<string, Video[]>> {
    const byChannel = new Map(youtubeChannelIds.map((id): [string, Video[]] => [id, []]));
    if (youtubeChannelIds.length === 0) return byChannel;
    const rows = await this.db
      .selectFrom((db) =>
        db
          .selectFrom("videos")
          .selectAll()
          .select(
            sql<number>`row_number() over (partition by youtube_channel_id order by published_at, youtube_video_id)`.as(
              "nth",
            ),
          )
          .where("youtube_channel_id", "in", [...youtubeChannelIds])
          .where("published_at", ">", since)
          .as("listed"),
      )
      .selectAll()
      .where("nth", "<=", limit)
      .orderBy("published_at")
      .orderBy("youtube_video_id")
      .execute();
    for (const { nth: _, ...video } of rows) byChannel.get(video.youtube_channel_id)?.push(video);
    return byChannel;
  }
}
