import type { DigestCadence } from "@tubedigest/contracts/delivery-time";
import { type Kysely, type Selectable, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { DigestStatus, DigestsTable, SummariserDatabase } from "./database.ts";
import { effectiveCadence, eligibleAt, notPausedFor } from "./recipient-repository.ts";

export type DigestRow = Selectable<DigestsTable>;

export type DigestKey = { userId: string; weekKey: string };

/** A digest's key as one string, for maps. */
export const digestId = (key: DigestKey): string => `${key.userId}/${key.weekKey}`;

/** A row's key. */
export const keyOf = (row: Pick<DigestRow, "user_id" | "week_key">): DigestKey => ({
  userId: row.user_id,
  weekKey: row.week_key,
});

/** What composing a digest knows of its reader (`readerOf`). */
export interface DigestReader {
  follows: { youtube_channel_id: string; title: string }[];
  paused: boolean;
  summaryLanguage: string | null;
  /** What the reader cares about, which their digest is ordered for; null for none. */
  focus: string | null;
  lastCoveredUntil: Date | undefined;
}

/**
 * A week whose digest is wanted now, for the readers of one zone whose delivery is that day and hour; or a
 * day, for the daily readers of one zone whose hour it is.
 */
export interface ScheduleWeek {
  timeZone: string;
  weekday: number;
  hour: number;
  cadence: DigestCadence;
  weekKey: string;
  weekStart: string;
  dueAt: Date;
}

type ScheduleWeekRecord = {
  time_zone: string;
  weekday: number;
  hour: number;
  cadence: DigestCadence;
  week_key: string;
  week_start: string;
  due_at: Date;
};

/** How a compose job ends a digest it holds (see settleEach). */
export interface DigestOutcome extends DigestKey {
  status: DigestStatus;
  reason: string | null;
  newsletterId?: string;
  coveredUntil?: Date;
}

type AskedDigest = {
  user_id: string;
  week_key: string;
  status: DigestStatus | null;
  reason: string | null;
  newsletter_id: string | null;
  covered_until: Date | null;
};

/**
 * Digest keys, and what is asked of each, as the table `asked` to join in one statement: Postgres reads
 * the rows from one JSON parameter, however many there are.
 */
function keysTable(keys: readonly (DigestKey & Partial<DigestOutcome>)[]) {
  const rows = JSON.stringify(
    keys.map((key) => ({
      user_id: key.userId,
      week_key: key.weekKey,
      status: key.status ?? null,
      reason: key.reason ?? null,
      newsletter_id: key.newsletterId ?? null,
      covered_until: key.coveredUntil?.toISOString() ?? null,
    })),
  );
  return sql<AskedDigest>`jsonb_to_recordset(${rows}::jsonb)`.as<"asked">(
    sql`asked(user_id uuid, week_key text, status text, reason text, newsletter_id uuid, covered_until timestamptz)`,
  );
}

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
        cadence: week.cadence,
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
              sql`due(time_zone text, weekday smallint, hour smallint, cadence text, week_key text, week_start text, due_at timestamptz)`,
            ),
            (join) =>
              join
                .onRef("due.time_zone", "=", "recipients.time_zone")
                .onRef("due.hour", "=", "recipients.delivery_hour")
                .on(sql<boolean>`due.cadence = ${effectiveCadence}`)
                .on(sql<boolean>`(due.cadence = 'daily' or due.weekday = recipients.delivery_weekday)`),
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

  /**
   * Ours to compose, of `keys`: each queued row, or one whose holder let its lease lapse, in one statement.
   * Rows held by someone else, or done, are not among the answer.
   */
  takeLeases(keys: readonly DigestKey[], owner: string, leaseUntil: Date, now: Date): Promise<DigestRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .updateTable("digests")
      .from(keysTable(keys))
      .set({
        status: "composing",
        claimed_by: owner,
        lease_until: leaseUntil,
        attempts: sql`digests.attempts + 1`,
        updated_at: now,
      })
      .whereRef("digests.user_id", "=", "asked.user_id")
      .whereRef("digests.week_key", "=", "asked.week_key")
      .where((eb) =>
        eb.or([
          eb("digests.status", "=", "queued"),
          eb.and([eb("digests.status", "=", "composing"), eb("digests.lease_until", "<", now)]),
        ]),
      )
      .returningAll("digests")
      .execute();
  }

  /** Renews our lease of each of `keys` still ours, in one statement. */
  async renewLeases(keys: readonly DigestKey[], owner: string, leaseUntil: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.whileHeldBy(keys, owner).set({ lease_until: leaseUntil }).execute();
  }

  /**
   * Ends our lease of each row with its outcome ("queued" to be tried again, "skipped", "failed",
   * "composed"), in one statement; answers the keys whose lease was still ours (the others were taken
   * over and are left to their new holder). An outcome without a newsletter or `coveredUntil` keeps the
   * row's.
   */
  async settleEach(owner: string, outcomes: readonly DigestOutcome[], now: Date): Promise<DigestKey[]> {
    if (outcomes.length === 0) return [];
    const settled = await this.whileHeldBy(outcomes, owner)
      .set((eb) => ({
        status: sql<DigestStatus>`asked.status`,
        reason: sql<string | null>`asked.reason`,
        newsletter_id: eb.fn.coalesce(
          sql<string | null>`asked.newsletter_id`,
          eb.ref("digests.newsletter_id"),
        ),
        covered_until: eb.fn.coalesce(sql<Date | null>`asked.covered_until`, eb.ref("digests.covered_until")),
        claimed_by: null,
        lease_until: null,
        updated_at: now,
      }))
      .returning(["digests.user_id", "digests.week_key"])
      .execute();
    return settled.map((row) => ({ userId: row.user_id, weekKey: row.week_key }));
  }

  /** Rows of `keys` held by `owner`, joined to what was asked of each (`asked`, see keysTable). */
  private whileHeldBy(keys: readonly (DigestKey & Partial<DigestOutcome>)[], owner: string) {
    return this.db
      .updateTable("digests")
      .from(keysTable(keys))
      .whereRef("digests.user_id", "=", "asked.user_id")
      .whereRef("digests.week_key", "=", "asked.week_key")
      .where("digests.claimed_by", "=", owner)
      .where("digests.status", "=", "composing");
  }

  find(key: DigestKey): Promise<DigestRow | undefined> {
    return this.db
      .selectFrom("digests")
      .selectAll()
      .where("user_id", "=", key.userId)
      .where("week_key", "=", key.weekKey)
      .executeTakeFirst();
  }

  /** The rows of `keys`, in one statement; a key without a row is not among them. */
  findEach(keys: readonly DigestKey[]): Promise<DigestRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("digests")
      .innerJoin(keysTable(keys), (join) =>
        join.onRef("digests.user_id", "=", "asked.user_id").onRef("digests.week_key", "=", "asked.week_key"),
      )
      .selectAll("digests")
      .execute();
  }

  /**
   * What composing digests asks of their readers, in one statement for all: per row, the channels its
   * reader follows (in the order they followed them), whether the digest of the row's week (starting
   * `week_start`, due at `due_at`) is paused, the language the reader wants summaries in, and up to when
   * their last digest (composed, or skipped with nothing new) looked at videos. A reader with no row yet is
   * not paused and has no language and no last digest. Keyed by digestId.
   */
  async readersOf(
    rows: readonly Pick<DigestRow, "user_id" | "week_key" | "week_start" | "due_at">[],
  ): Promise<Map<string, DigestReader>> {
    if (rows.length === 0) return new Map();
    const asked = JSON.stringify(
      rows.map((row) => ({
        user_id: row.user_id,
        week_key: row.week_key,
        week_start: row.week_start,
        due_at: row.due_at.toISOString(),
      })),
    );
    const found = await this.db
      .selectFrom(
        sql<{
          user_id: string;
          week_key: string;
          week_start: string;
          due_at: Date;
        }>`jsonb_to_recordset(${asked}::jsonb)`.as<"reader">(
          sql`reader(user_id uuid, week_key text, week_start text, due_at timestamptz)`,
        ),
      )
      .select((eb) => [
        "reader.user_id",
        "reader.week_key",
        jsonArrayFrom(
          eb
            .selectFrom("follows")
            .select(["follows.youtube_channel_id", "follows.title"])
            .whereRef("follows.user_id", "=", "reader.user_id")
            .where("follows.following", "=", true)
            .orderBy("follows.followed_at"),
        ).as("follows"),
        eb
          .selectFrom("recipients")
          .select((recipient) =>
            notPausedFor(recipient, sql<string>`reader.week_start`, sql<Date>`reader.due_at`).as("deliver"),
          )
          .whereRef("recipients.user_id", "=", "reader.user_id")
          .as("deliver"),
        eb
          .selectFrom("recipients")
          .select("recipients.summary_language")
          .whereRef("recipients.user_id", "=", "reader.user_id")
          .as("language"),
        eb
          .selectFrom("recipients")
          .select("recipients.focus")
          .whereRef("recipients.user_id", "=", "reader.user_id")
          .as("focus"),
        eb
          .selectFrom("digests")
          .select((digest) => digest.fn.max("digests.covered_until").as("covered_until"))
          .whereRef("digests.user_id", "=", "reader.user_id")
          .where("digests.status", "in", ["composed", "skipped"])
          .as("covered_until"),
      ])
      .execute();
    return new Map(
      found.map((row) => [
        digestId({ userId: row.user_id, weekKey: row.week_key }),
        {
          follows: row.follows,
          paused: row.deliver === false,
          summaryLanguage: row.language ?? null,
          focus: row.focus ?? null,
          lastCoveredUntil: row.covered_until ?? undefined,
        },
      ]),
    );
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
