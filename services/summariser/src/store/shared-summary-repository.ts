import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { SharedSummariesTable, SummariserDatabase } from "./database.ts";

export type SharedSummaryRow = Selectable<SharedSummariesTable>;

/** 128 random bits in base64url: the 22 characters of a share link, which nobody guesses. */
const newShareId = () => randomBytes(16).toString("base64url");

/** The summaries readers shared by link. */
export class SharedSummaryRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  /** Shares the summary, or answers the link the reader already made for that video. */
  async share(row: Omit<SharedSummaryRow, "id" | "created_at">): Promise<SharedSummaryRow> {
    await this.db
      .insertInto("shared_summaries")
      .values({ ...row, id: newShareId() })
      .onConflict((conflict) => conflict.columns(["user_id", "video_url"]).doNothing())
      .execute();
    return this.db
      .selectFrom("shared_summaries")
      .selectAll()
      .where("user_id", "=", row.user_id)
      .where("video_url", "=", row.video_url)
      .executeTakeFirstOrThrow();
  }

  find(id: string): Promise<SharedSummaryRow | undefined> {
    return this.db.selectFrom("shared_summaries").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Stops sharing one of the reader's links; false when it was not theirs (or is gone). */
  async unshare(id: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("shared_summaries")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
