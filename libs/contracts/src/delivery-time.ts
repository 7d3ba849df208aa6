/**
 * When in the week a reader's digest goes out, in their own time zone: a day (ISO numbering, Monday 1 to
 * Sunday 7) and a whole hour (0 to 23). Pure, so the settings page and the summariser share one rule and
 * one way of saying it.
 */
export interface DeliveryTime {
  weekday: number;
  hour: number;
}

/**
 * How often the digest goes out: once a week on the reader's day and hour, or every day at their hour
 * (Premium and Pro).
 */
export type DigestCadence = "weekly" | "daily";

/** What one digest covers, and how its e-mail and page name it ("Your week", "Your day"). */
export type DigestPeriod = "week" | "day";

/** Monday at 09:00, where every reader starts. */
export const DEFAULT_DELIVERY_TIME: DeliveryTime = { weekday: 1, hour: 9 };

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const deliveryTimeMessages = {
  weekday: "Please choose a day of the week.",
  hour: "Please choose an hour from 00:00 to 23:00.",
  cadence: "Please choose weekly or daily.",
  dailyNeedsPlan:
    "A daily digest comes with Premium and Pro. Change your plan under Subscription to get one every day.",
} as const;

/** Whether `time` names a real day and a whole hour. */
export function isDeliveryTime(time: DeliveryTime): boolean {
  return (
    Number.isInteger(time.weekday) &&
    time.weekday >= 1 &&
    time.weekday <= 7 &&
    Number.isInteger(time.hour) &&
    time.hour >= 0 &&
    time.hour <= 23
  );
}

/** "09:00": an hour as the settings page and the e-mail write it (24-hour, as the time zone list does). */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/** "every day at 09:00": a daily digest's time, as settings and the e-mails say it. */
export function dailyTimeLabel(hour: number): string {
  return `every day at ${hourLabel(hour)}`;
}

/** "Monday at 09:00". */
export function deliveryTimeLabel(time: DeliveryTime): string {
  return `${WEEKDAYS[time.weekday - 1] ?? "Monday"} at ${hourLabel(time.hour)}`;
}
