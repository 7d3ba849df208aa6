import { type EventHandler, handleOnce } from "@tubedigest/bus";
import type { DigestPausedData } from "@tubedigest/contracts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

/**
 * Keeps whether a reader paused their weekly digest in settings (until a date, or until resumed) and
 * when they last resumed; an older event never undoes a newer one.
 */
export function recordDigestPause(
  context: SummariserContext,
): EventHandler<"digest.paused" | "digest.resumed"> {
  return handleOnce<SummariserDatabase, "digest.paused" | "digest.resumed">(
    context.db,
    async (event, { trx }) => {
      const at = new Date(event.occurredAt);
      const values =
        event.name === "digest.paused"
          ? { digest_paused: true, digest_paused_until: (event.data as DigestPausedData).until }
          : { digest_paused: false, digest_paused_until: null, digest_resumed_at: at };
      await new RecipientRepository(trx).change(event.data.userId, "pause", at, values);
    },
  );
}
