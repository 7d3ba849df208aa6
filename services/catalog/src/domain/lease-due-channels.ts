import type { Kysely } from "kysely";
import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import type { CatalogDatabase } from "../store/database.ts";
import type { CatalogContext } from "./catalog-context.ts";

const HOUR_MS = 60 * 60 * 1000;
/**
 * A check made a few minutes into yesterday's tick is due at today's, not an hour later: without this
 * slack each channel's check would slip by one tick a day.
 */
const TICK_SLACK_MS = HOUR_MS / 2;
/**
 * How long a tick's lease holds. Longer than a tick's checks take, so no other replica's tick takes
 * over a channel still being checked; a replica that dies mid-tick leaves its channels to a later tick.
 */
export const UPLOAD_CHECK_LEASE_MS = 2 * HOUR_MS;

/**
 * Leases, for this replica alone, the followed channels whose uploads are due a check: last checked
 * about `checkIntervalHours` ago or never, at most `checksPerTick`, the longest unchecked first.
 */
export function leaseDueChannels(db: Kysely<CatalogDatabase>, context: CatalogContext): Promise<Channel[]> {
  const now = context.now();
  const { checkIntervalHours, checksPerTick } = context.uploads;
  return new ChannelRepository(db).leaseDueForUploadCheck({
    checkedBefore: new Date(now.getTime() - checkIntervalHours * HOUR_MS + TICK_SLACK_MS),
    now,
    leaseUntil: new Date(now.getTime() + UPLOAD_CHECK_LEASE_MS),
    limit: checksPerTick,
  });
}
