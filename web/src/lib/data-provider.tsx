import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { apiFetch } from "./api.ts";

/** SPEC §7's data policy for every screen: no retry, no refetch on focus, data fresh for 5 minutes. */
const policy = {
  fetcher: (path: string) => apiFetch<unknown>(path),
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  dedupingInterval: 5 * 60 * 1000,
};

export function DataProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={policy}>{children}</SWRConfig>;
}
