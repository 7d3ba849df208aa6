import { isUniqueViolation } from "@tubedigest/db";
import type { Kysely, Selectable } from "kysely";
import type { SingleSummaryOrdersTable, SummariserDatabase } from "./database.ts";

export type SingleSummaryRow = Selectable<SingleSummaryOrdersTable>;

/** A purchase as the dashboard lists it: the order with its video's title. */
export type ListedSingleSummary = SingleSummaryRow & { title: string | null };

/** The statuses of a purchase under way. */
const OPEN = ["placing", "requested"] as const;
/**
 * The statuses of a purchase that holds or took its price: at most one per subscriber and video (a
 * unique partial index), so a video is charged once however its prices are confirmed.
 */
const BOUGHT = [...OPEN, "delivered"] as const;

/**
 * Single-video purchases: a price shown ("quoted"), then, once confirmed, one purchase per subscriber
 * and video, under way and then delivered; a failed one took nothing, and the video may be bought again.
 */
export class SingleSummaryRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  async quote(order: {
    id: string;
    userId: string;
    videoId: string;
    durationSeconds: number;
    amountCents: number;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto("single_video_orders")
      .values({
        id: order.id,
        user_id: order.userId,
        video_id: order.videoId,
        status: "quoted",
        duration_seconds: order.durationSeconds,
        amount_cents: order.amountCents,
        quote_expires_at: order.expiresAt,
        created_at: order.now,
      })
      .execute();
  }

  /** Prices shown to a subscriber that ran out before `before` and were never confirmed. */
  async dropExpiredQuotes(userId: string, before: Date): Promise<void> {
    await this.db
      .deleteFrom("single_video_orders")
      .where("user_id", "=", userId)
      .where("status", "=", "quoted")
      .where("quote_expires_at", "<", before)
      .execute();
  }

  find(id: string): Promise<SingleSummaryRow | undefined> {
    return this.db.selectFrom("single_video_orders").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Whether the subscriber bought this video: a purchase of it under way or delivered. */
  async hasBought(userId: string, videoId: string): Promise<boolean> {
    const bought = await this.db
      .selectFrom("single_video_orders")
      .select("id")
      .where("user_id", "=", userId)
      .where("video_id", "=", videoId)
      .where("status", "in", BOUGHT)
      .executeTakeFirst();
    return bought !== undefined;
  }

  /**
   * The confirm: a live quote becomes the purchase being placed. Undefined when it is no longer a live
   * quote (confirmed already, or expired); "taken" when the subscriber bought this video from another
   * quote, before or at the same moment (the unique index decides, whichever commits first).
   */
  async confirm(id: string, now: Date): Promise<SingleSummaryRow | "taken" | undefined> {
    try {
      return await this.db
        .updateTable("single_video_orders")
        .set({ status: "placing", confirmed_at: now })
        .where("id", "=", id)
        .where("status", "=", "quoted")
        .where("quote_expires_at", ">", now)
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) return "taken";
      throw error;
    }
  }

  /**
   * A purchase left being placed since before `staleBefore` (its process died while billing was asked),
   * taken over to ask billing again; undefined when it is not one.
   */
  retakePlacing(id: string, now: Date, staleBefore: Date): Promise<SingleSummaryRow | undefined> {
    return this.db
      .updateTable("single_video_orders")
      .set({ confirmed_at: now })
      .where("id", "=", id)
      .where("status", "=", "placing")
      .where("confirmed_at", "<", staleBefore)
      .returningAll()
      .executeTakeFirst();
  }

  /** Billing refused the charge: the price stays shown, and may be confirmed again. */
  async unconfirm(id: string): Promise<void> {
    await this.db
      .updateTable("single_video_orders")
      .set({ status: "quoted", confirmed_at: null })
      .where("id", "=", id)
      .where("status", "=", "placing")
      .execute();
  }

  /** The charge is held; false when another request recorded it first. */
  async held(id: string, hold: { id: string; testMode: boolean }): Promise<boolean> {
    const result = await this.db
      .updateTable("single_video_orders")
      .set({ hold_id: hold.id, test_mode: hold.testMode, status: "requested" })
      .where("id", "=", id)
      .where("status", "=", "placing")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The worker has started on the summary. */
  async started(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable("single_video_orders")
      .set({ started_at: now })
      .where("id", "=", id)
      .where("status", "=", "requested")
      .where("started_at", "is", null)
      .execute();
  }

  /** Ends an open purchase; false when it had already ended (a redelivered event). */
  async finish(
    id: string,
    outcome: { status: "delivered"; summaryMarkdown: string } | { status: "failed"; reason: string },
    now: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("single_video_orders")
      .set({
        status: outcome.status,
        failure_reason: outcome.status === "failed" ? outcome.reason : null,
        summary_markdown: outcome.status === "delivered" ? outcome.summaryMarkdown : null,
        completed_at: now,
      })
      .where("id", "=", id)
      .where("status", "in", OPEN)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A subscriber's confirmed purchases, newest first, with their videos' titles. */
  listConfirmed(userId: string, limit: number): Promise<ListedSingleSummary[]> {
    return this.db
      .selectFrom("single_video_orders as o")
      .leftJoin("videos as v", "v.video_id", "o.video_id")
      .selectAll("o")
      .select("v.title")
      .where("o.user_id", "=", userId)
      .where("o.status", "!=", "quoted")
      .orderBy("o.created_at", "desc")
      .orderBy("o.id")
      .limit(limit)
      .execute();
  }
}
