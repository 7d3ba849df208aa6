import type { ImportPreview } from "@tubedigest/contracts/channels";
import { FollowRepository } from "../../store/follow-repository.ts";
import type { CatalogContext } from "../catalog-context.ts";
import { resolveChannels } from "../resolve-channels.ts";
import { bookImportLookups } from "./book-import-lookups.ts";
import { readSubscriptionsFile } from "./read-subscriptions-file.ts";

/**
 * What an uploaded subscriptions file would import (docs/product.md#import-your-subscriptions): the
 * channels YouTube knows, with their thumbnails and whether the reader follows each already, and the ids
 * it does not know. Changes nothing; the details found are cached, so following them next costs no unit.
 * What one reader's lookups may ask YouTube in a day is bounded (`book-import-lookups.ts`).
 */
export async function previewImport(
  context: CatalogContext,
  input: { userId: string; file: Uint8Array },
): Promise<ImportPreview> {
  const file = readSubscriptionsFile(input.file);
  const { found, unknown } = await resolveChannels(
    context,
    file.channels.map((channel) => channel.youtubeChannelId),
    { beforeAsking: (calls) => bookImportLookups(context, input.userId, calls) },
  );
  const followed = new Set(
    (await new FollowRepository(context.db).listFor(input.userId)).map((row) => row.youtube_channel_id),
  );
  const unknownIds = new Set(unknown);
  return {
    format: file.format,
    channels: file.channels.flatMap(({ youtubeChannelId }) => {
      const channel = found.get(youtubeChannelId);
      if (!channel) return [];
      return [
        {
          youtubeChannelId,
          title: channel.title,
          thumbnailUrl: channel.thumbnailUrl,
          ...(channel.subscriberCount === null ? {} : { subscriberCount: channel.subscriberCount }),
          following: followed.has(youtubeChannelId),
        },
      ];
    }),
    notFound: file.channels.filter((channel) => unknownIds.has(channel.youtubeChannelId)),
    skippedRows: file.skippedRows,
  };
}
