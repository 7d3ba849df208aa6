import type { Kysely, Selectable } from "kysely";
import type { YoutubeChannel } from "../youtube/youtube-catalog.ts";
import type { CatalogDatabase, ChannelsTable } from "./database.ts";

export type Channel = Selectable<ChannelsTable>;

/** The channels aggregate: what catalog knows of each YouTube channel anyone follows or asked about. */
export class ChannelRepository {
  constructor(private readonly db: Kysely<CatalogDatabase>) {}

  find(youtubeChannelId: string): Promise<Channel | undefined> {
    return this.db
      .selectFrom("channels")
      .selectAll()
      .where("youtube_channel_id", "=", youtubeChannelId)
      .executeTakeFirst();
  }

  /** Stores the details as YouTube gave them; the upload-check state of a known channel is kept. */
  saveDetails(channel: YoutubeChannel, refreshedAt: Date): Promise<Channel> {
    const details = {
      title: channel.title,
      description: channel.description,
      thumbnail_url: channel.thumbnailUrl,
      subscriber_count: channel.subscriberCount,
      details_refreshed_at: refreshedAt,
    };
    return this.db
      .insertInto("channels")
      .values({
        youtube_channel_id: channel.id,
        uploads_playlist_id: channel.uploadsPlaylistId,
        uploads_checked_at: null,
        ...details,
      })
      .onConflict((conflict) =>
        conflict.column("youtube_channel_id").doUpdateSet((eb) => ({
          ...details,
          uploads_playlist_id: eb.fn.coalesce("excluded.uploads_playlist_id", "channels.uploads_playlist_id"),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async markUploadsChecked(youtubeChannelId: string, checkedAt: Date): Promise<void> {
    await this.db
      .updateTable("channels")
      .set({ uploads_checked_at: checkedAt })
      .where("youtube_channel_id", "=", youtubeChannelId)
      .execute();
  }
}
