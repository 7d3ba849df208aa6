import type { SingleSummary } from "@tubedigest/contracts/single-summary";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { SingleSummaryRepository } from "../store/single-summary-repository.ts";
import { singleSummaryOf } from "./single-summary.ts";

/** The dashboard shows this many of a subscriber's latest single summaries; each was mailed too. */
export const LISTED_SINGLE_SUMMARIES = 20;

/** The subscriber's confirmed single summaries, newest first: status, price, and the summary when ready. */
export async function listSingleSummaries(
  context: SummariserContext,
  userId: string,
): Promise<SingleSummary[]> {
  const orders = await new SingleSummaryRepository(context.db).listConfirmed(userId, LISTED_SINGLE_SUMMARIES);
  return orders.map(singleSummaryOf);
}
