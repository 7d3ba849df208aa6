import type { DeliveryTime } from "@tubedigest/contracts";
import {
  DEFAULT_DELIVERY_TIME,
  type DigestCadence,
  type DigestPeriod,
} from "@tubedigest/contracts/delivery-time";
import { DateTime } from "luxon";

/**
 * A user's week as their digest names it; or, for a daily digest, their day (the names are the week's,
 * as the digests table's columns are).
 */
export interface DigestWeek {
  /** The ISO week of the local date, e.g. "2026-W48", or a daily digest's local date, "2026-12-06": one digest per user and key. */
  weekKey: string;
  /** That week's Monday as a local date, e.g. "2026-11-23"; a daily digest's own day. */
  weekStart: string;
  /** That week's delivery (Monday 09:00 unless the reader chose another day and hour), as an instant. */
  dueAt: Date;
}

/**
 * A reader's delivery in a given week: their chosen day and hour, unless a change of it made mid-week
 * pinned that one week to the instant it had before (see change-delivery-time.ts).
 */
export interface DeliverySchedule extends DeliveryTime {
  /** Weekly when absent. */
  cadence?: DigestCadence;
  pinned?: { weekKey: string; dueAt: Date } | null;
}

/** A daily digest's key is its local date; a weekly one's its ISO week ("2026-W49"). */
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a digest (by its key) covers a day or a week; on-demand keys (`now:…`) cover a week. */
export const periodOfKey = (key: string): DigestPeriod => (DAY_KEY.test(key) ? "day" : "week");

/**
 * The period `instant` falls in for the reader's delivery: their week (`digestWeek`), or with a daily
 * cadence their local day, due at their hour of it.
 */
export function digestPeriod(timeZone: string, instant: Date, delivery: DeliverySchedule): DigestWeek {
  return delivery.cadence === "daily"
    ? digestDay(timeZone, instant, delivery)
    : digestWeek(timeZone, instant, delivery);
}

function digestDay(timeZone: string, instant: Date, delivery: DeliverySchedule): DigestWeek {
  const local = DateTime.fromMillis(instant.getTime(), { zone: timeZone });
  if (!local.isValid) throw new Error(`not a time zone: ${timeZone}`);
  const day = local.startOf("day");
  const key = day.toISODate() ?? "";
  const pinned = delivery.pinned?.weekKey === key ? delivery.pinned.dueAt : undefined;
  // As for a week: the hour is the clocks' hour, one a change skips becomes the one after it.
  return { weekKey: key, weekStart: key, dueAt: pinned ?? day.set({ hour: delivery.hour }).toJSDate() };
}

/**
 * The week `instant` falls in for someone in `timeZone` (an IANA name), due on the delivery's day and hour
 * of that week. The day and its hour are local wall-clock times, converted to an instant only at the end,
 * so a daylight-saving change moves the instant, never the hour the reader sees (an hour that a change
 * skips becomes the one after it, as the clocks say).
 */
export function digestWeek(
  timeZone: string,
  instant: Date,
  delivery: DeliverySchedule = DEFAULT_DELIVERY_TIME,
): DigestWeek {
  const week = zoneWeek(timeZone, instant.getTime());
  const { weekKey, weekStart } = week;
  const pinned = delivery.pinned?.weekKey === weekKey ? delivery.pinned.dueAt : undefined;
  return { weekKey, weekStart, dueAt: pinned ?? dueInWeek(week, delivery) };
}

/** A local week of one zone: the instants it spans, its key and its Monday, and the deliveries asked of it. */
interface ZoneWeek {
  startsAt: number;
  endsAt: number;
  weekKey: string;
  weekStart: string;
  monday: DateTime;
  dueAt: Map<string, Date>;
}

/**
 * The last few weeks worked out per zone. Working out a week with the zone's rules is not free, and the
 * fan-out asks it for every reader at every quarter-hour slot: readers share a few zones and
 * slots fall in the same week, so a week is worked out once and then found by its span.
 */
const recentWeeks = new Map<string, ZoneWeek[]>();
const WEEKS_KEPT_PER_ZONE = 4;

function zoneWeek(timeZone: string, at: number): ZoneWeek {
  const kept = recentWeeks.get(timeZone);
  const found = kept?.find((week) => week.startsAt <= at && at < week.endsAt);
  if (found) return found;

  const local = DateTime.fromMillis(at, { zone: timeZone });
  if (!local.isValid) throw new Error(`not a time zone: ${timeZone}`);
  const monday = local.startOf("week");
  const week: ZoneWeek = {
    startsAt: monday.toMillis(),
    endsAt: monday.plus({ weeks: 1 }).toMillis(),
    weekKey: `${local.weekYear}-W${String(local.weekNumber).padStart(2, "0")}`,
    weekStart: monday.toISODate() ?? "",
    monday,
    dueAt: new Map(),
  };
  // A span stands for the week only where the clocks go steadily across both its midnights: when they
  // go back over a Monday midnight, instants after it read Sunday again. Such a week is not kept.
  if (steadyAround(timeZone, week.startsAt) && steadyAround(timeZone, week.endsAt)) {
    const weeks = kept ?? [];
    weeks.unshift(week);
    weeks.length = Math.min(weeks.length, WEEKS_KEPT_PER_ZONE);
    recentWeeks.set(timeZone, weeks);
  }
  return week;
}

/** Clocks change by at most a few hours: the same offset 3 hours either side means none changed there. */
const CHANGE_REACH_MS = 3 * 3_600_000;

function steadyAround(timeZone: string, at: number): boolean {
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).offset;
  return offsetAt(at - CHANGE_REACH_MS) === offsetAt(at + CHANGE_REACH_MS);
}

function dueInWeek(week: ZoneWeek, delivery: DeliveryTime): Date {
  const key = `${delivery.weekday}:${delivery.hour}`;
  let dueAt = week.dueAt.get(key);
  if (!dueAt) {
    dueAt = week.monday
      .plus({ days: delivery.weekday - 1 })
      .set({ hour: delivery.hour })
      .toJSDate();
    week.dueAt.set(key, dueAt);
  }
  return new Date(dueAt);
}

/**
 * The weeks (or days) whose digest is due at `slot` in `timeZone`: each from the delivery's instant until
 * `catchUpHours` later, so a slot the scheduler missed is made up by the next one it fires. The window may
 * reach into the next week (a Sunday evening delivery, caught up on Monday), so the week of the slot and
 * the week of the window's start are both asked; the catch-up is kept under a week by the settings, and
 * under a day for a daily digest, so a late scheduler makes up the last day missed, not every one.
 */
export function dueDigestWeeks(
  timeZone: string,
  slot: Date,
  catchUpHours: number,
  delivery: DeliverySchedule = DEFAULT_DELIVERY_TIME,
): DigestWeek[] {
  const hours = delivery.cadence === "daily" ? Math.min(catchUpHours, DAILY_CATCH_UP_HOURS) : catchUpHours;
  const windowMs = hours * 3_600_000;
  const due = new Map<string, DigestWeek>();
  for (const instant of [slot, new Date(slot.getTime() - windowMs)]) {
    const week = digestPeriod(timeZone, instant, delivery);
    const late = slot.getTime() - week.dueAt.getTime();
    if (late >= 0 && late < windowMs) due.set(week.weekKey, week);
  }
  return [...due.values()];
}

/** A daily digest's catch-up: under a day, so two days are never due at one slot. */
const DAILY_CATCH_UP_HOURS = 23;

/** The next delivery after `now`: this period's when still ahead, else the next one's. */
export function nextDelivery(timeZone: string, now: Date, delivery: DeliverySchedule): DigestWeek {
  const current = digestPeriod(timeZone, now, delivery);
  return current.dueAt > now ? current : weekAfter(timeZone, current, delivery);
}

/** The period (week, or day for a daily digest) after `week`, with its delivery. */
export function weekAfter(timeZone: string, week: DigestWeek, delivery: DeliverySchedule): DigestWeek {
  const start = DateTime.fromISO(week.weekStart, { zone: timeZone });
  const next = delivery.cadence === "daily" ? start.plus({ days: 1 }) : start.plus({ weeks: 1 });
  return digestPeriod(timeZone, next.toJSDate(), delivery);
}

/** "Week of 23 November 2026", from the week's Monday ("2026-11-23"). */
export function weekLabel(weekStart: string): string {
  return `Week of ${localDate(weekStart).toFormat("d LLLL yyyy")}`;
}

/** "23 November": the Monday as a subject line names it. */
export function weekStartDay(weekStart: string): string {
  return localDate(weekStart).toFormat("d LLLL");
}

/** What a digest is headed and named by: "Week of 23 November 2026", or a day's "Sunday 6 December 2026". */
export function periodLabel(key: string, start: string): string {
  return periodOfKey(key) === "day" ? localDate(start).toFormat("cccc d LLLL yyyy") : weekLabel(start);
}

/** The period as a subject line names it: "23 November" (the week's Monday), or "Sunday, 6 December". */
export function periodSubjectDay(key: string, start: string): string {
  return periodOfKey(key) === "day" ? localDate(start).toFormat("cccc, d LLLL") : weekStartDay(start);
}

const localDate = (isoDate: string) => DateTime.fromISO(isoDate, { zone: "UTC", locale: "en-GB" });
