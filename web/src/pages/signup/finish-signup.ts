import type { DashboardChannel } from "@tubedigest/contracts/channels";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { type ChannelSearchResult, toFollowRequest } from "../../lib/channels.ts";

/**
 * After sign-up (docs/product.md#states-and-transitions): add each channel chosen earlier, then ask for the
 * subscription if a plan was chosen. A channel that cannot be added is only logged; a subscription that fails
 * is reported back (the caller shows it as a toast). Either way sign-up goes on to the dashboard.
 */
export async function finishSignup(
  channels: readonly ChannelSearchResult[],
  plan: string | null,
): Promise<{ subscriptionError: string | null }> {
  const added: string[] = [];
  for (const channel of channels) {
    try {
      const followed = await apiFetch<DashboardChannel>("/api/user/channels", {
        json: toFollowRequest(channel),
      });
      added.push(followed.id);
    } catch (error) {
      console.error(`Could not add the channel "${channel.snippet.title}" after sign-up`, error);
    }
  }
  if (!plan) return { subscriptionError: null };
  try {
    await apiFetch("/api/subscribe", { json: { plan, channelIds: added } });
    return { subscriptionError: null };
  } catch (error) {
    return {
      subscriptionError:
        serverMessage(error) ??
        "There was an issue setting up your subscription. Please try again in your dashboard.",
    };
  }
}
