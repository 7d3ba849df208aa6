import type { DashboardChannel } from "@tubedigest/contracts/channels";
import { useSWRConfig } from "swr";
import { useToast } from "../../components/toast.tsx";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { type ChannelSearchResult, toFollowRequest } from "../../lib/channels.ts";
import { CURRENT_USER_PATH } from "../../lib/current-user.ts";
import { useApi } from "../../lib/use-api.ts";

/**
 * A dashboard channel (docs/product.md#data-shapes); `id` is the YouTube channel id, which DELETE also takes.
 */
export type { DashboardChannel };

export const USER_CHANNELS_PATH = "/api/user/channels";
const FALLBACK = "Something went wrong. Please try again.";

/**
 * The signed-in user's channels (fetched only with a user, docs/product.md#states-and-transitions) and the
 * calls that change them, each with its toast (docs/product.md#error-messages). Either change refreshes the
 * list, and the current user, whose channelCount other screens show.
 */
export function useUserChannels(signedIn: boolean) {
  const toast = useToast();
  const { mutate: revalidate } = useSWRConfig();
  const { data, error, isLoading, mutate } = useApi<DashboardChannel[]>(signedIn ? USER_CHANNELS_PATH : null);

  const refresh = () => Promise.all([mutate(), revalidate(CURRENT_USER_PATH)]);

  const add = async (channel: ChannelSearchResult) => {
    try {
      await apiFetch(USER_CHANNELS_PATH, { json: toFollowRequest(channel) });
      toast({
        title: "Channel added",
        description: `${channel.snippet.title} is in your newsletter now.`,
        variant: "success",
      });
    } catch (failure) {
      // A 403 is the plan's limit, not a fault: news with the server's explanation (the plan that allows
      // more), beside the note the channels tab shows at the limit.
      const atLimit = failure instanceof ApiError && failure.status === 403;
      toast({
        title: atLimit ? "Channel limit reached" : "Error adding channel",
        description: serverMessage(failure) ?? FALLBACK,
        variant: atLimit ? "info" : "error",
      });
    }
    await refresh();
  };

  const remove = async (channel: DashboardChannel) => {
    try {
      await apiFetch(`${USER_CHANNELS_PATH}/${encodeURIComponent(channel.id)}`, { method: "DELETE" });
      // Removing is one press with no confirm, so it can be taken back while the toast shows.
      toast({
        title: "Channel removed",
        description: `${channel.title} is out of your newsletter.`,
        variant: "success",
        action: { label: "Undo", onClick: () => void add(asSearchResult(channel)) },
      });
    } catch (failure) {
      toast({
        title: "Error removing channel",
        description: serverMessage(failure) ?? FALLBACK,
        variant: "error",
      });
    }
    await refresh();
  };

  return { channels: data, error, isLoading, add, remove };
}

/** A followed channel in the search widget's shape, so its card shows as already chosen. */
export function asSearchResult(channel: DashboardChannel): ChannelSearchResult {
  return {
    id: channel.id,
    snippet: { title: channel.title, thumbnails: { default: { url: channel.thumbnailUrl } } },
    statistics: { subscriberCount: String(channel.subscriberCount ?? 0) },
  };
}
