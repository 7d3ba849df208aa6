import { firstMondayFrom, todayIn } from "@tubedigest/contracts/digest-pause";
import type { DigestDeliveryReply } from "@tubedigest/contracts/reader-settings";
import type { User } from "../store/user-repository.ts";

/** Whether the reader's weekly digest is paused, as the settings page shows it. */
export type DigestDelivery = DigestDeliveryReply;

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
