import { type Kysely, sql } from "kysely";
import type { SummariserDatabase } from "./database.ts";

/** The channels each client previewed lately, for the preview's daily cap of new ones. */
export class PreviewClientRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  /** Holds the client's count for the caller's transaction: two previews at once cannot both pass the cap. */
  async lock(client: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`summariser.preview_clients:${client}`}))`.execute(
      this.db,
    );
  }

  /** Every client's channels previewed before `before` are forgotten: they no longer count. */
  async forgetBefore(before: Date): Promise<void> {
    await this.db.deleteFrom("preview_clients").where("previewed_at", "<", before).execute();
  }

  /** The client's channels previewed since `since`, the earliest first. */
  channelsSince(client: string, since: Date): Promise<{ youtube_channel_id: string; previewed_at: Date }[]> {
    return this.db
      .selectFrom("preview_clients")
      .select(["youtube_channel_id", "previewed_at"])
      .where("client", "=", client)
      .where("previewed_at", ">=", since)
      .orderBy("previewed_at")
      .execute();
  }

  async add(client: string, youtubeChannelIds: readonly string[], at: Date): Promise<void> {
    if (youtubeChannelIds.length === 0) return;
    await this.db
      .insertInto("preview_clients")
      .values(youtubeChannelIds.map((id) => ({ client, youtube_channel_id: id, previewed_at: at })))
      .onConflict((conflict) => conflict.columns(["client", "youtube_channel_id"]).doNothing())
      .execute();
  }
}
