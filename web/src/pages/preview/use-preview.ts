import type { PreviewReply } from "@tubedigest/contracts/previews";
import { apiFetch } from "../../lib/api.ts";
import { type ChannelSearchResult, toSelectedChannel } from "../../lib/channels.ts";
import { useApi } from "../../lib/use-api.ts";

/** POST /api/generate-newsletter-preview's answer (docs/product.md#data-shapes). */
export type Preview = PreviewReply;

/**
 * The preview of the chosen channels, asked for once per e-mail and channel set (SWR keeps the answer, so
 * coming back to /preview shows it at once instead of waiting up to 30 seconds again). No request without
 * an e-mail and at least one channel.
 */
export function usePreview(email: string | null, channels: readonly ChannelSearchResult[]) {
  const key =
    email && channels.length > 0 ? ["preview", email, ...channels.map((channel) => channel.id)] : null;
  const { data, error, isLoading } = useApi<Preview>(key, () =>
    apiFetch<Preview>("/api/generate-newsletter-preview", {
      json: {
        email,
        channels: channels.map(toSelectedChannel).map(({ youtubeId, title, description, thumbnailUrl }) => ({
          youtubeId,
          title,
          description,
          thumbnailUrl,
        })),
      },
    }),
  );
  return { preview: data, error, isLoading };
}
