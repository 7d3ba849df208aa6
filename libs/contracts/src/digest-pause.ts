/**
 * The rule for pausing the weekly digest until a date, shared by the settings page and auth (pure: no
 * clock, no time-zone database beyond `Intl`). A date is a calendar day in the reader's own zone,
 * `YYYY-MM-DD`: the first day digests may come again, so the first Monday on or after it brings one.
 */

/** A calendar date as the pause's end is written: `2026-12-21`. */
export const PAUSE_DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";

/** A pause ends within a year; past that, deleting the account or unsubscribing says it better. */
export const MAX_PAUSE_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

export const pauseMessages = {
  notADate: "Please choose the date your digests should start again.",
  notAfterToday: "Please choose a date after today.",
  tooFar: "You can pause for up to a year. Please choose an earlier date.",
} as const;

/** The day as UTC midnight, or undefined when `date` is not a real calendar date (`2026-02-30`). */
function dayOf(date: string): number | undefined {
  if (!new RegExp(PAUSE_DATE_PATTERN).test(date)) return undefined;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  const real =
    back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return real ? at : undefined;
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Today's date where the reader is (`Europe/Berlin`), as `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/**
 * Why `until` cannot end a pause that starts `today` (both `YYYY-MM-DD` in the reader's zone), or
 * undefined when it can: it must be a real date after today and within a year.
 */
export function pauseDateProblem(until: string, today: string): string | undefined {
  const end = dayOf(until);
  const start = dayOf(today);
  if (end === undefined || start === undefined) return pauseMessages.notADate;
  if (end <= start) return pauseMessages.notAfterToday;
  if (end - start > MAX_PAUSE_DAYS * DAY_MS) return pauseMessages.tooFar;
  return undefined;
}

/** The first Monday on or after `date` (`YYYY-MM-DD`): the Monday whose digest comes first after a pause. */
export function firstMondayFrom(date: string): string {
  const at = dayOf(date);
  if (at === undefined) throw new Error(`not a date: ${date}`);
  const weekday = new Date(at).getUTCDay();
  return isoDay(at + ((8 - weekday) % 7) * DAY_MS);
}

/** The latest date a pause may run to from `today`, for a date picker's `max`. */
export function latestPauseDate(today: string): string {
  const at = dayOf(today);
  if (at === undefined) throw new Error(`not a date: ${today}`);
  return isoDay(at + MAX_PAUSE_DAYS * DAY_MS);
}

/** The day after `today`, for a date picker's `min`. */
export function dayAfter(today: string): string {
  const at = dayOf(today);
  if (at === undefined) throw new Error(`not a date: ${today}`);
  return isoDay(at + DAY_MS);
}
