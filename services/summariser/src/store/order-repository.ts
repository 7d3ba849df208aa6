import type { Kysely, Selectable } from "kysely";
import type { SingleVideoOrdersTable, SummariserDatabase } from "./database.ts";

export type OrderRow = Selectable<SingleVideoOrdersTable>;

/** Single-video purchases; at most one open (being placed or made) per subscriber and video. */
export class OrderRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  /** Opens a purchase, or answers undefined when one for this video is already open. */
  open(order: { id: string; userId: string; videoId: string }, now: Date): Promise<OrderRow | undefined> {
    return this.db
      .insertInto("single_video_orders")
      .values({
        id: order.id,
        user_id: order.userId,
        video_id: order.videoId,
        status: "placing",
        created_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "video_id"]).where("status", "in", ["placing", "requested"]).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  findOpen(userId: string, videoId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom("single_video_orders")
      .selectAll()
      .where("user_id", "=", userId)
      .where("video_id", "=", videoId)
      .where("status", "in", ["placing", "requested"])
      .executeTakeFirst();
  }

  async held(orderId: string, holdId: string): Promise<void> {
    await this.db
      .updateTable("single_video_orders")
      .set({ hold_id: holdId, status: "requested" })
      .where("id", "=", orderId)
      .execute();
  }

  /** Ends an open purchase; false when it had already ended (a redelivered event). */
  async finish(
    orderId: string,
    outcome: "delivered" | "failed",
    reason: string | null,
    now: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("single_video_orders")
      .set({ status: outcome, failure_reason: reason, completed_at: now })
      .where("id", "=", orderId)
      .where("status", "in", ["placing", "requested"])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
