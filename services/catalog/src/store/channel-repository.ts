import type { Kysely, Selectable } from "kysely";
import type { YoutubeChannel } from "../adapters/youtube/youtube-catalog.ts";
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

  async findMany(youtubeChannelIds: readonly string[]): Promise<Channel[]> {
    if (youtubeChannelIds.length === 0) return [];
    return this.db
      .selectFrom("channels")
      .selectAll()
      .where("youtube_channel_id", "in", [...youtubeChannelIds])
      .execute();
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

  /** Records a finished check; whatever tick had leased the channel is done with it. */
  async markUploadsChecked(youtubeChannelId: string, checkedAt: Date): Promise<void> {
    await this.db
      .updateTable("channels")
      .set({ uploads_checked_at: checkedAt, upload_check_leased_until: null })
      .where("youtube_channel_id", "=", youtubeChannelId)
      .execute();
  }

  /**
   * Leases up to `limit` followed channels whose last upload check is older than `checkedBefore` (or
   * never happened), the longest unchecked first, until `leaseUntil`. Channels another replica has
   * leased — by a lease still running, or by a lease being taken right now (skipped, not waited for) —
   * are left to it.
   */
  leaseDueForUploadCheck(input: {
    checkedBefore: Date;
    now: Date;
    leaseUntil: Date;
    limit: number;
  }): Promise<Channel[]> {
    return this.db
      .with("due", (db) =>
        db
          .selectFrom("channels")
          .select("youtube_channel_id")
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("follows")
                .select("follows.user_id")
                .whereRef("follows.youtube_channel_id", "=", "channels.youtube_channel_id"),
            ),
          )
          .where((eb) =>
            eb.or([
              eb("uploads_checked_at", "is", null),
              eb("uploads_checked_at", "<=", input.checkedBefore),
            ]),
          )
          .where((eb) =>
            eb.or([
              eb("upload_check_leased_until", "is", null),
              eb("upload_check_leased_until", "<=", input.now),
            ]),
          )
          .orderBy("uploads_checked_at", (order) => order.asc().nullsFirst())
          .orderBy("youtube_channel_id")
          .limit(input.limit)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable("channels")
      .from("due")
      .set({ upload_check_leased_until: input.leaseUntil })
      .whereRef("channels.youtube_channel_id", "=", "due.youtube_channel_id")
      .returningAll("channels")
      .execute();
  }

  /** Gives a leased channel back after a failed check, so the next tick tries it again. */
  async releaseUploadCheck(youtubeChannelId: string): Promise<void> {
    await this.db
      .updateTable("channels")
      .set({ upload_check_leased_until: null })
      .where("youtube_channel_id", "=", youtubeChannelId)
      .execute();
  }
}
