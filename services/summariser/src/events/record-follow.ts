import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { FollowRepository } from "../store/follow-repository.ts";

/** Keeps who follows which channel: the channels a user's digest covers. */
export function recordFollow(
  context: SummariserContext,
): EventHandler<"channel.followed" | "channel.unfollowed"> {
  return handleOnce<SummariserDatabase, "channel.followed" | "channel.unfollowed">(
    context.db,
    async (event, { trx }) => {
      await new FollowRepository(trx).record(
        {
          userId: event.data.userId,
          youtubeChannelId: event.data.youtubeChannelId,
          title: event.data.title,
          following: event.name === "channel.followed",
        },
        new Date(event.occurredAt),
      );
    },
  );
}
