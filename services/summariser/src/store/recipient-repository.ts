import type { DeliveryTime } from "@tubedigest/contracts";
import type { DigestCadence } from "@tubedigest/contracts/delivery-time";
import {
  type Expression,
  type ExpressionBuilder,
  type ExpressionWrapper,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from "kysely";
import type { DeliverySchedule } from "../digest/digest-week.ts";
import type { RecipientsTable, SummariserDatabase } from "./database.ts";

export type RecipientRow = Selectable<RecipientsTable>;

/** The parts of a recipient set by different events, each with the column holding when it last changed. */
const ASPECTS = {
  timeZone: "time_zone_changed_at",
  trial: "trial_changed_at",
  plan: "plan_changed_at",
  subscription: "unsubscribed_changed_at",
  pause: "pause_changed_at",
  summaryLanguage: "summary_language_changed_at",
} as const;
export type RecipientAspect = keyof typeof ASPECTS;

/** Eligible for a digest at `at`: not unsubscribed, and on a paid plan or a trial still running. */
export const eligibleAt =
  (at: Date) =>
  ({ eb, and, or }: ExpressionBuilder<SummariserDatabase, "recipients">) =>
    and([eb("unsubscribed", "=", false), or([eb("plan_active", "=", true), eb("trial_ends_at", ">", at)])]);

/**
 * The cadence the reader's digests follow: daily only while they chose it and their plan includes it
 * (a move to a plan without one makes it weekly again, on their day and hour; a move back, daily).
 */
export const effectiveCadence = sql<DigestCadence>`(case when recipients.cadence = 'daily' and recipients.daily_digest is true then 'daily' else 'weekly' end)`;

/**
 * Not paused for the week whose Monday is `weekStart` (`YYYY-MM-DD`, local) and due at `dueAt`: never
 * paused, or paused until a day on or before that Monday; and not resumed after the week was due, so a
 * reader who resumes on a Monday afternoon gets the next Monday's digest, not this one's late.
 */
export function notPausedFor(
  { eb, and, or }: ExpressionBuilder<SummariserDatabase, "recipients">,
  weekStart: Expression<string>,
  dueAt: Expression<Date>,
): ExpressionWrapper<SummariserDatabase, "recipients", SqlBool> {
  return and([
    or([
      eb("recipients.digest_paused", "=", false),
      and([
        eb("recipients.digest_paused_until", "is not", null),
        eb("recipients.digest_paused_until", "<=", weekStart),
      ]),
    ]),
    or([eb("recipients.digest_resumed_at", "is", null), eb("recipients.digest_resumed_at", "<=", dueAt)]),
  ]);
}

/**
 * Whom digests go to, kept from auth's, billing's and the mailer's events. An event about a user not seen
 * yet makes the row (events from different services arrive in any order); each aspect changes only for
 * an event newer than the one that last set it.
 */
export class RecipientRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  async change(
    userId: string,
    aspect: RecipientAspect,
    at: Date,
    values: Updateable<RecipientsTable>,
  ): Promise<void> {
    await this.db
      .insertInto("recipients")
      .values({ user_id: userId })
      .onConflict((c) => c.doNothing())
      .execute();
    const changedAt = ASPECTS[aspect];
    await this.db
      .updateTable("recipients")
      .set({ ...values, [changedAt]: at })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb(changedAt, "is", null), eb(changedAt, "<", at)]))
      .execute();
  }

  /** When the account was made; the first word on it stands (a registration is announced once). */
  async registered(userId: string, at: Date): Promise<void> {
    await this.db
      .insertInto("recipients")
      .values({ user_id: userId, registered_at: at })
      .onConflict((conflict) =>
        conflict.column("user_id").doUpdateSet({
          registered_at: sql<Date>`coalesce(recipients.registered_at, excluded.registered_at)`,
        }),
      )
      .execute();
  }

  find(userId: string): Promise<RecipientRow | undefined> {
    return this.db.selectFrom("recipients").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  /**
   * Whether the signed-in user may have a newsletter now. Billing's first word on every account is its
   * trial, sent at sign-up, so an account billing has not spoken of yet (no row at all, or one made by
   * auth's or catalog's events) was made moments ago and is in its trial: refusing it would tell someone
   * who just signed up that a trial they have not had yet is over.
   */
  /** Whether the user has a plan in force (a trial with a card chosen counts) and e-mail is on. */
  async hasPlan(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("recipients")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("plan_active", "=", true)
      .where("unsubscribed", "=", false)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isEligible(userId: string, at: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom("recipients")
      .select((eb) =>
        eb
          .or([
            eligibleAt(at)(eb),
            eb.and([
              eb("unsubscribed", "=", false),
              eb("trial_changed_at", "is", null),
              eb("plan_changed_at", "is", null),
            ]),
          ])
          .as("eligible"),
      )
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row === undefined || Boolean(row.eligible);
  }

  /**
   * The delivery schedules (zone, day, hour) of everyone eligible at `at` whose account is known: the
   * groups a slot may be due for. Few, however many readers share them.
   */
  async schedulesOfEligible(at: Date): Promise<ReaderSchedule[]> {
    const rows = await this.db
      .selectFrom("recipients")
      // A daily reader's day of the week plays no part: daily readers of a zone and hour are one group.
      .select([
        "time_zone",
        sql<number>`case when ${effectiveCadence} = 'daily' then 0 else delivery_weekday end`.as("weekday"),
        "delivery_hour",
        effectiveCadence.as("cadence"),
      ])
      .distinct()
      .where(eligibleAt(at))
      .where("registered_at", "is not", null)
      .execute();
    return rows.map((row) => ({
      timeZone: row.time_zone,
      weekday: row.weekday,
      hour: row.delivery_hour,
      cadence: row.cadence,
    }));
  }

  /**
   * Sets the reader's delivery time and cadence, and the one week (or day) a change keeps at its earlier
   * instant (or none). With `dailyDigest`, what billing has just said of the reader's plan.
   */
  async setDelivery(
    userId: string,
    delivery: DeliveryTime & { cadence: DigestCadence; dailyDigest?: boolean },
    pinned: { weekKey: string; weekStart: string; dueAt: Date } | null,
  ): Promise<void> {
    await this.db
      .updateTable("recipients")
      .set({
        delivery_weekday: delivery.weekday,
        delivery_hour: delivery.hour,
        cadence: delivery.cadence,
        ...(delivery.dailyDigest === undefined ? {} : { daily_digest: delivery.dailyDigest }),
        pinned_week_key: pinned?.weekKey ?? null,
        pinned_week_start: pinned?.weekStart ?? null,
        pinned_due_at: pinned?.dueAt ?? null,
      })
      .where("user_id", "=", userId)
      .execute();
  }

  /** Sets what the reader cares about (null for nothing); the row is made if no event has made it yet. */
  async setFocus(userId: string, focus: string | null): Promise<void> {
    await this.db
      .insertInto("recipients")
      .values({ user_id: userId, focus })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ focus }))
      .execute();
  }

  /** The reader's row, locked for a change made from what it holds; made first if no event has yet. */
  async findForUpdate(userId: string): Promise<RecipientRow> {
    await this.db
      .insertInto("recipients")
      .values({ user_id: userId })
      .onConflict((c) => c.doNothing())
      .execute();
    return this.db
      .selectFrom("recipients")
      .selectAll()
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }
}

/**
 * A group of readers whose digest is due at the same local day and hour of the same zone; or, daily, at
 * the same hour of every day (`weekday` 0).
 */
export interface ReaderSchedule extends DeliveryTime {
  timeZone: string;
  cadence: DigestCadence;
}

/**
 * The reader's delivery as the week computations take it: day, hour, the cadence in force (as
 * effectiveCadence) and any week kept at its earlier instant.
 */
export function deliveryOf(row: RecipientRow): DeliverySchedule {
  return {
    weekday: row.delivery_weekday,
    hour: row.delivery_hour,
    cadence: row.cadence === "daily" && row.daily_digest === true ? "daily" : "weekly",
    pinned:
      row.pinned_week_key && row.pinned_due_at
        ? { weekKey: row.pinned_week_key, dueAt: row.pinned_due_at }
        : null,
  };
}
