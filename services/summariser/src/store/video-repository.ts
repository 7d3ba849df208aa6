import type { Insertable, Kysely, Selectable } from "kysely";
import type { SummariserDatabase, VideosTable } from "./database.ts";

export type VideoRow = Selectable<VideosTable>;

/** What the summariser knows of videos: catalog's description of each, asked for once. */
export class VideoRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  find(videoId: string): Promise<VideoRow | undefined> {
    return this.db.selectFrom("videos").selectAll().where("video_id", "=", videoId).executeTakeFirst();
  }

  /** Stores the description, or refreshes it (a stream that has ended now has a length). */
  async save(video: Omit<Insertable<VideosTable>, "fetched_at">, now: Date): Promise<void> {
    await this.db
      .insertInto("videos")
      .values({ ...video, fetched_at: now })
      .onConflict((conflict) => conflict.column("video_id").doUpdateSet({ ...video, fetched_at: now }))
      .execute();
  }
}
