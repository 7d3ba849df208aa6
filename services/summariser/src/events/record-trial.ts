import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

/** Keeps when a user's free trial ends: digests go to a user whose trial is still running. */
export function recordTrial(context: SummariserContext): EventHandler<"trial.started" | "trial.ended"> {
  return handleOnce<SummariserDatabase, "trial.started" | "trial.ended">(
    context.db,
    async (event, { trx }) => {
      const endsAt = "trialEndsAt" in event.data ? event.data.trialEndsAt : event.data.endedAt;
      await new RecipientRepository(trx).change(event.data.userId, "trial", new Date(event.occurredAt), {
        trial_ends_at: new Date(endsAt),
      });
    },
  );
}
