import { forgetAccount, handleOnce } from "@tubedigest/bus";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SummariserDatabase } from "../store/database.ts";

/**
 * A deleted account's reader row (with its delivery time), follows, digests, newsletters, their search
 * index, the summaries they shared (their links stop working) and single summaries go. Summaries,
 * videos and transcripts stay: one per video, shared by every reader, naming nobody. A compose job
 * already running for the reader finds its digest gone and stores nothing.
 */
export const eraseAccount = (context: SummariserContext) =>
  handleOnce<SummariserDatabase, "user.deleted">(context.db, async (event, { trx }) => {
    const { userId } = event.data;
    for (const table of [
      "archive_entries",
      "shared_summaries",
      "newsletters",
      "digests",
      "follows",
      "single_video_orders",
      "recipients",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    await forgetAccount(trx, userId);
  });
