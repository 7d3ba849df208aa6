import type { Kysely, Selectable } from "kysely";
import type { FollowsTable, SummariserDatabase } from "./database.ts";

export type FollowRow = Selectable<FollowsTable>;

/**
 * Who follows which channel, as catalog's events tell it. Each change names when it happened; a change
 * older than the row's is ignored, so a follow and an unfollow arriving out of order end as they began.
 */
export class FollowRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  async record(
    change: { userId: string; youtubeChannelId: string; title: string; following: boolean },
    at: Date,
  ): Promise<void> {
    const values = {
      title: change.title,
      following: change.following,
      followed_at: change.following ? at : null,
      changed_at: at,
    };
    await this.db
      .insertInto("follows")
      .values({ user_id: change.userId, youtube_channel_id: change.youtubeChannelId, ...values })
      .onConflict((conflict) =>
        conflict
          .columns(["user_id", "youtube_channel_id"])
          .doUpdateSet(values)
          .where("follows.changed_at", "<", at),
      )
      .execute();
  }

  /** The channels a user follows now, in the order they were followed. */
  channelsOf(userId: string): Promise<FollowRow[]> {
    return this.db
      .selectFrom("follows")
      .selectAll()
      .where("user_id", "=", userId)
      .where("following", "=", true)
      .orderBy("followed_at")
      .execute();
  }

  async isFollowedByAnyone(youtubeChannelId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("follows")
      .select("user_id")
      .where("youtube_channel_id", "=", youtubeChannelId)
      .where("following", "=", true)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
