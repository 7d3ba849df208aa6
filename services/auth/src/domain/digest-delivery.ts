import { firstMondayFrom, todayIn } from "@tubedigest/contracts/digest-pause";
import type { User } from "../store/user-repository.ts";

/** Whether the reader's weekly digest is paused, as the settings page shows it. */
export interface DigestDelivery {
  paused: boolean;
  /** The first day digests may come again, in the reader's zone; null while paused until resumed. */
  until: string | null;
  /** The Monday whose digest is the first after the pause; null while paused until resumed. */
  resumesOn: string | null;
}

/**
 * The pause as it stands at `now`: one until a date ends on that date in the reader's own zone, without
 * anyone resuming it (the summariser applies the same rule to each week's Monday).
 */
export function digestDelivery(user: User, now: Date): DigestDelivery {
  const until = user.digest_paused_until;
  const over = until !== null && todayIn(user.time_zone, now) >= until;
  if (!user.digest_paused || over) return { paused: false, until: null, resumesOn: null };
  return { paused: true, until, resumesOn: until === null ? null : firstMondayFrom(until) };
}
