import {
  DEFAULT_DELIVERY_TIME,
  type DeliveryTime,
  deliveryTimeLabel,
  hourLabel,
  WEEKDAYS,
} from "@tubedigest/contracts/delivery-time";
import type { DeliveryTimeReply } from "@tubedigest/contracts/reader-settings";
import { useCurrentUser } from "./current-user.ts";
import { useApi } from "./use-api.ts";

/** Where every reader starts, said as the SPEC says it. */
const DEFAULT_PHRASE = "every Monday at 9:00 AM";

/**
 * The digest's day and hour for someone who has not chosen theirs (a visitor, or a reader who kept the
 * default), as plan cards and the landing page say it (DESIGN.md, delivery time).
 */
export const CHOOSE_YOUR_DAY = "on the day and hour you choose (Monday 9:00 by default)";

/** When this reader's weekly digest comes. */
export interface DeliverySchedule {
  /** The reader's own day and hour, or Monday 09:00. */
  time: DeliveryTime;
  /** Whether a signed-in reader moved them off the default: only then does a page name them as theirs. */
  chosen: boolean;
  /** The zone the day and hour are in: the reader's profile's, once known. */
  timeZone?: string;
  /** "Friday": the day alone, for a heading. */
  weekday: string;
  /** "Friday at 18:00". */
  label: string;
}

/**
 * The signed-in reader's day and hour (the summariser's `GET /api/user/delivery-time`); for a visitor, or
 * anyone who kept it, the default Monday 09:00, not chosen.
 */
export function useDeliverySchedule(): DeliverySchedule {
  const { user } = useCurrentUser();
  const { data } = useApi<DeliveryTimeReply>(user ? "/api/user/delivery-time" : null);
  const time = data ? { weekday: data.weekday, hour: data.hour } : DEFAULT_DELIVERY_TIME;
  const chosen = time.weekday !== DEFAULT_DELIVERY_TIME.weekday || time.hour !== DEFAULT_DELIVERY_TIME.hour;
  return {
    time,
    chosen,
    timeZone: data?.timeZone,
    weekday: WEEKDAYS[time.weekday - 1] ?? "Monday",
    label: deliveryTimeLabel(time),
  };
}

/** "Friday, 18:00": the day and hour as an e-mail's date line shows them. */
export function deliveryStamp(schedule: DeliverySchedule): string {
  return `${schedule.weekday}, ${hourLabel(schedule.time.hour)}`;
}

/**
 * When this reader's weekly digest comes, in words for a sentence: "every Friday at 18:00" once a signed-in
 * reader's own day and hour are known (the summariser's `GET /api/user/delivery-time`), "every Monday at
 * 9:00 AM" for a visitor or anyone who kept the default.
 */
export function useDeliveryPhrase(): string {
  const schedule = useDeliverySchedule();
  return schedule.chosen ? `every ${schedule.label}` : DEFAULT_PHRASE;
}
