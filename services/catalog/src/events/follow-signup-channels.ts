import { type EventHandler, isForgotten } from "@tubedigest/bus";
import { HttpError } from "@tubedigest/http/http-error";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { followChannel } from "../domain/follow-channel.ts";

/**
 * The channels a visitor picked on the landing page become the new account's first follows. Following
 * is idempotent, so a redelivered event adds nothing twice. A channel YouTube no longer knows, or one
 * past the plan's allowance, is skipped: retrying cannot change the answer. YouTube being unavailable
 * is thrown, so the bus retries later. An account deleted before its sign-up arrived here follows nothing.
 */
export function followSignupChannels(context: CatalogContext): EventHandler<"user.registered"> {
  return async (event, { log }) => {
    if (await isForgotten(context.db, event.data.userId)) return;
    for (const channel of event.data.selectedChannels) {
      const input = {
        userId: event.data.userId,
        youtubeChannelId: channel.youtubeId,
        correlationId: event.correlationId,
      };
      try {
        await followChannel(context, input);
      } catch (error) {
        const permanent = error instanceof HttpError && error.statusCode < 500;
        if (!permanent) throw error;
        log.warn(
          { youtubeChannelId: channel.youtubeId, reason: error.message },
          "signup channel not followed",
        );
      }
    }
  };
}
