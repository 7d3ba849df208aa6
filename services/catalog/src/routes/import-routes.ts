import { ImportPreview, ImportResult } from "@tubedigest/contracts/channels";
import { MAX_IMPORT_REQUEST_BYTES } from "@tubedigest/contracts/import-limits";
import { ErrorReply, type ServiceApp, signedInOnly } from "@tubedigest/http";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { followChannels } from "../domain/follow-channels.ts";
import { previewImport } from "../domain/import/preview-import.ts";
import { callerOf } from "./caller.ts";
import { ImportBody, ImportPreviewBody, toDashboardChannel } from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/**
 * `/api/user/channels/import*` (docs/product.md#import-your-subscriptions): a subscriptions file's channels
 * looked up, then the chosen ones followed in one request.
 */
export function registerImportRoutes(app: ServiceApp, context: CatalogContext): void {
  app.post(
    "/api/user/channels/import/preview",
    {
      bodyLimit: MAX_IMPORT_REQUEST_BYTES,
      preValidation: signedInOnly,
      schema: { body: ImportPreviewBody, response: { 200: ImportPreview, ...errors } },
    },
    async (request) =>
      previewImport(context, {
        userId: callerOf(request),
        file: Buffer.from(request.body.file, "base64"),
      }),
  );

  app.post(
    "/api/user/channels/import",
    {
      bodyLimit: MAX_IMPORT_REQUEST_BYTES,
      preValidation: signedInOnly,
      schema: { body: ImportBody, response: { 200: ImportResult, ...errors } },
    },
    async (request) => {
      const result = await followChannels(context, {
        userId: callerOf(request),
        youtubeChannelIds: request.body.youtubeChannelIds,
        correlationId: request.id,
      });
      return {
        channels: result.channels.map(toDashboardChannel),
        added: result.added,
        notFound: result.unknown,
      };
    },
  );
}
