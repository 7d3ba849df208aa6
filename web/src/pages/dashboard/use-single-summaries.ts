import type { SingleSummary } from "@tubedigest/contracts/single-summary";
import { useApi } from "../../lib/use-api.ts";
import { anyInFlight, SINGLE_SUMMARIES_PATH } from "./single-summary.ts";

/** How often the list asks again while a summary is being made: progress without a reload. */
const REFRESH_WHILE_IN_FLIGHT_MS = 3_000;

/**
 * The subscriber's single summaries. While one is queued or being summarised the list refreshes every few
 * seconds, and stops once none is; otherwise it follows the app's data policy.
 */
export function useSingleSummaries() {
  const { data, error, isLoading, mutate } = useApi<SingleSummary[]>(SINGLE_SUMMARIES_PATH, undefined, {
    refreshInterval: (latest) => (anyInFlight(latest) ? REFRESH_WHILE_IN_FLIGHT_MS : 0),
    // Below the interval, or each refresh would be answered from the last one.
    dedupingInterval: REFRESH_WHILE_IN_FLIGHT_MS / 2,
  });
  return { summaries: data, error, isLoading, refresh: mutate };
}
