import { type Kysely, sql } from "kysely";
import type { CatalogDatabase } from "./database.ts";

/** A follow with the channel details the dashboard shows. */
export interface FollowedChannelRow {
  youtube_channel_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  subscriber_count: string | null;
  followed_at: Date;
}

/** The follows aggregate: which user follows which channel. */
export class FollowRepository {
  constructor(private readonly db: Kysely<CatalogDatabase>) {}

  private withChannel() {
    return this.db
      .selectFrom("follows")
      .innerJoin("channels", "channels.youtube_channel_id", "follows.youtube_channel_id")
      .select([
        "channels.youtube_channel_id",
        "channels.title",
        "channels.description",
        "channels.thumbnail_url",
        "channels.subscriber_count",
        "follows.followed_at",
      ]);
  }

  find(userId: string, youtubeChannelId: string): Promise<FollowedChannelRow | undefined> {
    return this.withChannel()
      .where("follows.user_id", "=", userId)
      .where("follows.youtube_channel_id", "=", youtubeChannelId)
      .executeTakeFirst();
  }

  listFor(userId: string): Promise<FollowedChannelRow[]> {
    return this.withChannel()
      .where("follows.user_id", "=", userId)
      .orderBy("follows.followed_at")
      .orderBy("channels.youtube_channel_id")
      .execute();
  }

  async countFor(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("follows")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Serialises one user's follow changes until the transaction ends, so two tabs adding channels at
   * once cannot both pass the allowance check. Call it inside a transaction.
   */
  async lockFollowsOf(userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`catalog.follows:${userId}`}))`.execute(this.db);
  }

  async insert(userId: string, youtubeChannelId: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto("follows")
      .values({ user_id: userId, youtube_channel_id: youtubeChannelId })
      .onConflict((conflict) => conflict.columns(["user_id", "youtube_channel_id"]).doNothing())
      .returning("user_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async delete(userId: string, youtubeChannelId: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom("follows")
      .where("user_id", "=", userId)
      .where("youtube_channel_id", "=", youtubeChannelId)
      .returning("user_id")
      .executeTakeFirst();
    return deleted !== undefined;
  }
}
