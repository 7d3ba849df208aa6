import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { apiFetch } from "./api.ts";

/**
 * The data policy for every screen (docs/product.md#api): no retry, no refetch on focus, data fresh for 5
 * minutes.
 */
const POLICY = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  dedupingInterval: 5 * 60 * 1000,
};

/**
 * Data from the API under that policy: the path itself is fetched unless a fetcher is given; a null
 * key asks nothing. Given per call rather than through a provider around the app, so the landing page,
 * which needs no data, loads without SWR (docs/performance.md). `options` override the policy for data
 * that must follow work in progress (a refresh interval, with deduplication shorter than it).
 */
export function useApi<T>(
  key: string | readonly unknown[] | null,
  fetcher?: () => Promise<T>,
  options?: SWRConfiguration<T, Error>,
): SWRResponse<T, Error> {
  return useSWR<T, Error>(key, fetcher ?? (() => apiFetch<T>(String(key))), { ...POLICY, ...options });
}
