import type { SiteReply } from "@tubedigest/contracts/site";
import { useApi } from "./use-api.ts";

/** GET /api/site: who runs tubedigest and where to write for help (configuration, never the app's own). */
export type Site = SiteReply;

/** The support address and the operator: undefined while they load, or if they could not be had. */
export function useSite(): { site: Site | undefined; error: Error | undefined } {
  const { data, error } = useApi<Site>("/api/site");
  return { site: data, error };
}
