import type { DeliveryTime } from "@tubedigest/contracts";
import { DEFAULT_DELIVERY_TIME } from "@tubedigest/contracts/delivery-time";
import { DateTime } from "luxon";

/** A user's week as their digest names it. */
export interface DigestWeek {
  /** The ISO week of the local date, e.g. "2026-W48": one digest per user and key. */
  weekKey: string;
  /** That week's Monday as a local date, e.g. "2026-11-23". */
  weekStart: string;
  /** That week's delivery (Monday 09:00 unless the reader chose another day and hour), as an instant. */
  dueAt: Date;
}

/**
 * A reader's delivery in a given week: their chosen day and hour, unless a change of it made mid-week
 * pinned that one week to the instant it had before (see change-delivery-time.ts).
 */
export interface DeliverySchedule extends DeliveryTime {
  pinned?: { weekKey: string; dueAt: Date } | null;
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
 * The weeks whose digest is due at `slot` in `timeZone`: each from the delivery's instant until
 * `catchUpHours` later, so a slot the scheduler missed is made up by the next one it fires. The window may
 * reach into the next week (a Sunday evening delivery, caught up on Monday), so the week of the slot and
 * the week of the window's start are both asked; the catch-up is kept under a week by the settings.
 */
export function dueDigestWeeks(
  timeZone: string,
  slot: Date,
  catchUpHours: number,
  delivery: DeliverySchedule = DEFAULT_DELIVERY_TIME,
): DigestWeek[] {
  const windowMs = catchUpHours * 3_600_000;
  const due = new Map<string, DigestWeek>();
  for (const instant of [slot, new Date(slot.getTime() - windowMs)]) {
    const week = digestWeek(timeZone, instant, delivery);
    const late = slot.getTime() - week.dueAt.getTime();
    if (late >= 0 && late < windowMs) due.set(week.weekKey, week);
  }
  return [...due.values()];
}

/** The next delivery after `now`: this week's when still ahead, else next week's. */
export function nextDelivery(timeZone: string, now: Date, delivery: DeliverySchedule): DigestWeek {
  const thisWeek = digestWeek(timeZone, now, delivery);
  return thisWeek.dueAt > now ? thisWeek : weekAfter(timeZone, thisWeek, delivery);
}

/** The week after `week`, with its delivery. */
export function weekAfter(timeZone: string, week: DigestWeek, delivery: DeliverySchedule): DigestWeek {
  const nextMonday = DateTime.fromISO(week.weekStart, { zone: timeZone }).plus({ weeks: 1 });
  return digestWeek(timeZone, nextMonday.toJSDate(), delivery);
}

/** "Week of 23 November 2026", from the week's Monday ("2026-11-23"). */
export function weekLabel(weekStart: string): string {
  return `Week of ${localDate(weekStart).toFormat("d LLLL yyyy")}`;
}

/** "23 November": the Monday as a subject line names it. */
export function weekStartDay(weekStart: string): string {
  return localDate(weekStart).toFormat("d LLLL");
}

const localDate = (isoDate: string) => DateTime.fromISO(isoDate, { zone: "UTC", locale: "en-GB" });
