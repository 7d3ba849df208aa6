import { type Channel, ChannelRepository } from "../store/channel-repository.ts";
import type { CatalogContext } from "./catalog-context.ts";
import { refreshChannelUploads, type UploadsRefresh } from "./refresh-channel-uploads.ts";
import { isYoutubeFailure } from "./youtube-failure.ts";

/**
 * Channels checked side by side: a slow feed or API answer does not hold up the rest of the tick, and
 * neither YouTube nor the database sees more than a few requests of one tick at once.
 */
const CONCURRENT_CHECKS = 4;

export type LeasedChannelsOutcome = Record<UploadsRefresh | "failed", number>;

/**
 * Refreshes each channel a tick leased. A channel whose check fails (YouTube down, the quota spent, or
 * anything else) is logged and given back, so the next tick tries it again; the others go on.
 */
export async function checkLeasedChannels(
  context: CatalogContext,
  channels: readonly Channel[],
  cause: { correlationId: string },
): Promise<LeasedChannelsOutcome> {
  const outcome: LeasedChannelsOutcome = { "feed-unchanged": 0, checked: 0, failed: 0 };
  const queue = [...channels];
  const worker = async () => {
    for (let channel = queue.shift(); channel; channel = queue.shift()) {
      try {
        outcome[await refreshChannelUploads(context, channel, cause)] += 1;
      } catch (error) {
        outcome.failed += 1;
        const reason = isYoutubeFailure(error) ? "YouTube could not be asked" : "the check failed";
        const channelId = channel.youtube_channel_id;
        context.log.warn({ err: error, channel: channelId }, `${reason}; retried next tick`);
        await new ChannelRepository(context.db)
          .releaseUploadCheck(channelId)
          .catch((releaseError: unknown) =>
            context.log.warn({ err: releaseError, channel: channelId }, "lease kept; it lapses by itself"),
          );
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_CHECKS }, worker));
  return outcome;
}
