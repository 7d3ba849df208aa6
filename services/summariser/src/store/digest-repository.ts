import { type Kysely, type Selectable, sql, type Updateable } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { DigestStatus, DigestsTable, SummariserDatabase } from "./database.ts";
import { eligibleAt, notPausedFor } from "./recipient-repository.ts";

export type DigestRow = Selectable<DigestsTable>;

export type DigestKey = { userId: string; weekKey: string };

/** What composing a digest knows of its reader (`readerOf`). */
export interface DigestReader {
  follows: { youtube_channel_id: string; title: string }[];
  paused: boolean;
  summaryLanguage: string | null;
  lastCoveredUntil: Date | undefined;
}

/** A week whose digest is wanted now, for the readers of one zone whose delivery is that day and hour. */
export interface ScheduleWeek {
  timeZone: string;
  weekday: number;
  hour: number;
  weekKey: string;
  weekStart: string;
  dueAt: Date;
}

type ScheduleWeekRecord = {
  time_zone: string;
  weekday: number;
  hour: number;
  week_key: string;
  week_start: string;
  due_at: Date;
};

/** Users, then weeks, then statuses: how far each week's digests have come. */
export type DigestProgress = { weekKey: string; status: DigestStatus; users: number }[];

/**
 * The digests aggregate: one row per user and week (or on-demand key), whose unique key makes one
 * newsletter however often it is asked for. The row is also the lease a compose job takes: whoever moves
 * it to "composing" (or takes over a lease its holder let lapse) composes; everyone else leaves it.
 */
export class DigestRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  /**
   * Queues the digest of every user eligible at `eligibleAt` whose zone, day and hour are one of the
   * schedules, for that schedule's week, unless they have it already or a change of their delivery time
   * kept that week at another instant (see queuePinned). With `registeredBefore`, only users whose account
   * existed before the week's delivery (a newer one's first digest is the next). Answers how many rows
   * were added.
   */
  async queueForSchedules(
    weeks: readonly ScheduleWeek[],
    options: { slot: Date; eligibleAt: Date; registeredBefore: boolean },
  ): Promise<number> {
    if (weeks.length === 0) return 0;
    const due = JSON.stringify(
      weeks.map((week) => ({
        time_zone: week.timeZone,
        weekday: week.weekday,
        hour: week.hour,
        week_key: week.weekKey,
        week_start: week.weekStart,
        due_at: week.dueAt.toISOString(),
      })),
    );
    const result = await this.db
      .insertInto("digests")
      .columns(["user_id", "week_key", "week_start", "due_at", "status", "slot"])
      .expression((eb) =>
        eb
          .selectFrom("recipients")
          .innerJoin(
            sql<ScheduleWeekRecord>`jsonb_to_recordset(${due}::jsonb)`.as<"due">(
              sql`due(time_zone text, weekday smallint, hour smallint, week_key text, week_start text, due_at timestamptz)`,
            ),
            (join) =>
              join
                .onRef("due.time_zone", "=", "recipients.time_zone")
                .onRef("due.weekday", "=", "recipients.delivery_weekday")
                .onRef("due.hour", "=", "recipients.delivery_hour"),
          )
          .select([
            "recipients.user_id",
            "due.week_key",
            "due.week_start",
            "due.due_at",
            sql.lit("queued").as("status"),
            sql<Date>`${options.slot}::timestamptz`.as("slot"),
          ])
          .where(eligibleAt(options.eligibleAt))
          .where(sql<boolean>`recipients.pinned_week_key is distinct from due.week_key`)
          .where((eb) => notPausedFor(eb, eb.ref("due.week_start"), eb.ref("due.due_at")))
          .$if(options.registeredBefore, (query) =>
            query.whereRef("recipients.registered_at", "<", "due.due_at"),
          ),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "week_key"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  }

  /**
   * Queues the digest of every user eligible at the slot whose one week kept at an earlier instant (a
   * change of delivery time made after the new time had passed that week) is due: from that instant until
   * `windowMs` later. Answers how many rows were added.
   */
  async queuePinned(slot: Date, windowMs: number): Promise<number> {
    const result = await this.db
      .insertInto("digests")
      .columns(["user_id", "week_key", "week_start", "due_at", "status", "slot"])
      .expression((eb) =>
        eb
          .selectFrom("recipients")
          .select([
            "user_id",
            sql<string>`pinned_week_key`.as("week_key"),
            sql<string>`pinned_week_start`.as("week_start"),
            sql<Date>`pinned_due_at`.as("due_at"),
            sql.lit("queued").as("status"),
            sql<Date>`${slot}::timestamptz`.as("slot"),
          ])
          .where("pinned_due_at", "<=", slot)
          .where("pinned_due_at", ">", new Date(slot.getTime() - windowMs))
          .where("pinned_week_key", "is not", null)
          .where("pinned_week_start", "is not", null)
          .where(eligibleAt(slot))
          .where((eb) =>
            notPausedFor(eb, sql<string>`recipients.pinned_week_start`, sql<Date>`recipients.pinned_due_at`),
          )
          .whereRef("registered_at", "<", "pinned_due_at"),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "week_key"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  }

  /** Whether the user has had a digest queued, ever (made, skipped or on its way). */
  async hasAny(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("digests")
      .select("user_id")
      .where("user_id", "=", userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Queues one digest (one made on demand); undefined when it was queued already. */
  queue(row: DigestKey & { weekStart: string; dueAt: Date; slot: Date }): Promise<DigestRow | undefined> {
    return this.db
      .insertInto("digests")
      .values({
        user_id: row.userId,
        week_key: row.weekKey,
        week_start: row.weekStart,
        due_at: row.dueAt,
        slot: row.slot,
        status: "queued",
      })
      .onConflict((conflict) => conflict.columns(["user_id", "week_key"]).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Rows whose compose job must be in the queue: every one queued and never tried (adding an id already
   * there adds nothing), and any left queued or held by a lapsed lease since `stuckBefore` (its job was
   * lost with its process, or gave up while stalled).
   */
  awaitingJobs(now: Date, stuckBefore: Date): Promise<DigestRow[]> {
    return this.db
      .selectFrom("digests")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "queued"), eb("attempts", "=", 0)]),
          eb.and([
            eb("updated_at", "<", stuckBefore),
            eb.or([
              eb("status", "=", "queued"),
              eb.and([eb("status", "=", "composing"), eb("lease_until", "<", now)]),
            ]),
          ]),
        ]),
      )
      .execute();
  }

  /** Ours to compose: a queued row, or one whose holder let its lease lapse. Undefined otherwise. */
  takeLease(key: DigestKey, owner: string, leaseUntil: Date, now: Date): Promise<DigestRow | undefined> {
    return this.db
      .updateTable("digests")
      .set({
        status: "composing",
        claimed_by: owner,
        lease_until: leaseUntil,
        attempts: sql`attempts + 1`,
        updated_at: now,
      })
      .where("user_id", "=", key.userId)
      .where("week_key", "=", key.weekKey)
      .where((eb) =>
        eb.or([
          eb("status", "=", "queued"),
          eb.and([eb("status", "=", "composing"), eb("lease_until", "<", now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async renewLease(key: DigestKey, owner: string, leaseUntil: Date): Promise<boolean> {
    const result = await this.whileHeldBy(key, owner).set({ lease_until: leaseUntil }).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Ends our lease with `outcome` ("queued" to be tried again, "skipped", "failed", "composed"); false if
   * the lease was no longer ours.
   */
  async settle(
    key: DigestKey,
    owner: string,
    outcome: Updateable<DigestsTable> & { status: DigestStatus },
    now: Date,
  ): Promise<boolean> {
    const result = await this.whileHeldBy(key, owner)
      .set({ ...outcome, claimed_by: null, lease_until: null, updated_at: now })
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private whileHeldBy(key: DigestKey, owner: string) {
    return this.db
      .updateTable("digests")
      .where("user_id", "=", key.userId)
      .where("week_key", "=", key.weekKey)
      .where("claimed_by", "=", owner)
      .where("status", "=", "composing");
  }

  find(key: DigestKey): Promise<DigestRow | undefined> {
    return this.db
      .selectFrom("digests")
      .selectAll()
      .where("user_id", "=", key.userId)
      .where("week_key", "=", key.weekKey)
      .executeTakeFirst();
  }

  /**
   * What composing a digest asks of its reader, in one statement: the channels they follow (in the order
   * they followed them), whether the digest of the week starting `weekStart` and due at `dueAt` is paused,
   * the language the reader wants summaries in, and up to when their last digest (composed, or skipped
   * with nothing new) looked at videos. A reader with no row yet is not paused and has no language and no
   * last digest.
   */
  async readerOf(userId: string, weekStart: string, dueAt: Date): Promise<DigestReader> {
    const row = await this.db
      .selectNoFrom((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom("follows")
            .select(["youtube_channel_id", "title"])
            .where("user_id", "=", userId)
            .where("following", "=", true)
            .orderBy("followed_at"),
        ).as("follows"),
        eb
          .selectFrom("recipients")
          .select((recipient) => notPausedFor(recipient, sql.val(weekStart), sql.val(dueAt)).as("deliver"))
          .where("user_id", "=", userId)
          .as("deliver"),
        eb.selectFrom("recipients").select("summary_language").where("user_id", "=", userId).as("language"),
        eb
          .selectFrom("digests")
          .select((digest) => digest.fn.max("covered_until").as("covered_until"))
          .where("user_id", "=", userId)
          .where("status", "in", ["composed", "skipped"])
          .as("covered_until"),
      ])
      .executeTakeFirstOrThrow();
    return {
      follows: row.follows,
      paused: row.deliver === false,
      summaryLanguage: row.language ?? null,
      lastCoveredUntil: row.covered_until ?? undefined,
    };
  }

  /** A failed digest back in the queue, as an operator's rerun; false when it had not failed. */
  async requeueFailed(key: DigestKey, now: Date): Promise<DigestRow | undefined> {
    return this.db
      .updateTable("digests")
      .set({ status: "queued", reason: null, updated_at: now })
      .where("user_id", "=", key.userId)
      .where("week_key", "=", key.weekKey)
      .where("status", "=", "failed")
      .returningAll()
      .executeTakeFirst();
  }

  /** How many users' digests are in each status, per week key (all weeks, or one). */
  async progress(weekKey?: string): Promise<DigestProgress> {
    const rows = await this.db
      .selectFrom("digests")
      .select(["week_key", "status", (eb) => eb.fn.countAll<string>().as("users")])
      .$if(weekKey !== undefined, (query) => query.where("week_key", "=", weekKey ?? ""))
      .groupBy(["week_key", "status"])
      .orderBy("week_key", "desc")
      .execute();
    return rows.map((row) => ({ weekKey: row.week_key, status: row.status, users: Number(row.users) }));
  }
}
