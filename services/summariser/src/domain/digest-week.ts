import { DateTime } from "luxon";

/** A digest goes out on Monday at this hour, in the reader's own time zone. */
const DELIVERY_HOUR = 9;

/** A user's week as their digest names it. */
export interface DigestWeek {
  /** The ISO week of the local date, e.g. "2026-W48": one digest per user and key. */
  weekKey: string;
  /** That week's Monday as a local date, e.g. "2026-11-23". */
  weekStart: string;
  /** That Monday at 09:00 local time, as an instant. */
  dueAt: Date;
}

/**
 * The week `instant` falls in for someone in `timeZone` (an IANA name). The Monday and its 09:00 are
 * local wall-clock times, converted to an instant only at the end, so a daylight-saving change moves the
 * instant, never the hour the reader sees.
 */
export function digestWeek(timeZone: string, instant: Date): DigestWeek {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  if (!local.isValid) throw new Error(`not a time zone: ${timeZone}`);
  const monday = local.startOf("week");
  return {
    weekKey: `${local.weekYear}-W${String(local.weekNumber).padStart(2, "0")}`,
    weekStart: monday.toISODate() ?? "",
    dueAt: monday.set({ hour: DELIVERY_HOUR }).toJSDate(),
  };
}

/**
 * The week whose digest is due at `slot` in `timeZone`, if any: from Monday 09:00 local until
 * `catchUpHours` later, so a slot the scheduler missed is made up by the next one it fires. The catch-up
 * is kept under a week by the settings, so only the slot's own week can be due.
 */
export function dueDigestWeek(timeZone: string, slot: Date, catchUpHours: number): DigestWeek | undefined {
  const week = digestWeek(timeZone, slot);
  const late = slot.getTime() - week.dueAt.getTime();
  return late >= 0 && late < catchUpHours * 3_600_000 ? week : undefined;
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
