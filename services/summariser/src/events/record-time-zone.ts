import { type EventHandler, handleOnce } from "@tubedigest/bus";
import { isSummaryLanguage } from "@tubedigest/contracts/summary-language";
import { DEFAULT_TIME_ZONE, isTimeZone } from "@tubedigest/contracts/time-zone";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

/**
 * Keeps the zone a user's Monday 09:00 is in, and when the account was made (a digest is due only for
 * weeks that began after it). A zone this runtime does not know is taken as UTC, so the user still gets
 * a digest, and said in the log. The language the user wants summaries in comes with the profile too,
 * when the event carries it.
 */
export function recordTimeZone(context: SummariserContext): EventHandler<"user.registered" | "user.updated"> {
  return handleOnce<SummariserDatabase, "user.registered" | "user.updated">(
    context.db,
    async (event, { trx, log }) => {
      const given = event.data.timeZone ?? DEFAULT_TIME_ZONE;
      const timeZone = isTimeZone(given) ? given : DEFAULT_TIME_ZONE;
      if (timeZone !== given) log.warn({ timeZone: given }, "unknown time zone; the digest goes by UTC");
      const recipients = new RecipientRepository(trx);
      const at = new Date(event.occurredAt);
      if (event.name === "user.registered") await recipients.registered(event.data.userId, at);
      await recipients.change(event.data.userId, "timeZone", at, { time_zone: timeZone });
      // Only user.updated carries it; an update without it (an older auth) leaves the choice as it was.
      const chosen = "summaryLanguage" in event.data ? event.data.summaryLanguage : undefined;
      if (chosen !== undefined) {
        const language = isSummaryLanguage(chosen) ? chosen : null;
        await recipients.change(event.data.userId, "summaryLanguage", at, { summary_language: language });
      }
    },
  );
}
