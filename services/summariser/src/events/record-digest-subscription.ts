import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

/** Keeps whether a user unsubscribed from the digest (one click in an e-mail) or asked for it again. */
export function recordDigestSubscription(
  context: SummariserContext,
): EventHandler<"digest.unsubscribed" | "digest.resubscribed"> {
  return handleOnce<SummariserDatabase, "digest.unsubscribed" | "digest.resubscribed">(
    context.db,
    async (event, { trx }) => {
      await new RecipientRepository(trx).change(
        event.data.userId,
        "subscription",
        new Date(event.occurredAt),
        { unsubscribed: event.name === "digest.unsubscribed" },
      );
    },
  );
}
