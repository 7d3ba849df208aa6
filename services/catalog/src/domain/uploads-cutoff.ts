import type { Channel } from "../store/channel-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";

/** Later checks look this far behind the previous one, for uploads that become public late. */
const OVERLAP_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The oldest publish time (epoch ms) a check of the channel at `now` looks for: the previous check
 * minus two days, or, for a channel never checked, the first check's look-back.
 */
export function uploadsCutoff(context: CatalogContext, channel: Channel, now: Date): number {
  const lastCheck = channel.uploads_checked_at;
  return lastCheck
    ? lastCheck.getTime() - OVERLAP_MS
    : now.getTime() - context.uploads.firstCheckLookbackDays * 24 * 60 * 60 * 1000;
}
