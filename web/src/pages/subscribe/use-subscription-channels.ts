import type { DashboardChannel } from "@tubedigest/contracts/channels";
import { useState } from "react";
import { readSelectedChannels } from "../../lib/session-state.ts";
import { useApi } from "../../lib/use-api.ts";

/**
 * The channels the subscription is for: those chosen earlier in this tab (session storage,
 * docs/product.md#funnel-memory); without any, the ones the account already follows, so a subscriber coming
 * from the dashboard sees theirs.
 */
export function useSubscriptionChannels(): { titles: string[] | undefined } {
  const [chosen] = useState(() => readSelectedChannels().map((channel) => channel.snippet.title));
  const followed = useApi<DashboardChannel[]>(chosen.length > 0 ? null : "/api/user/channels");
  if (chosen.length > 0) return { titles: chosen };
  if (followed.error) return { titles: [] };
  return { titles: followed.data?.map((channel) => channel.title) };
}
