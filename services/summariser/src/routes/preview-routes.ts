import type { ServiceApp } from "@tubedigest/http";
import { generatePreview } from "../domain/generate-preview.ts";
import type { SummariserContext } from "../domain/summariser-context.ts";
import { errors, PreviewBody, PreviewReply } from "./schemas.ts";

/** The landing page's newsletter preview (SPEC §2 /preview), for visitors with no account yet. */
export function registerPreviewRoutes(app: ServiceApp, context: SummariserContext): void {
  app.post(
    "/api/generate-newsletter-preview",
    { schema: { body: PreviewBody, response: { 200: PreviewReply, ...errors } } },
    async (request) =>
      generatePreview(context, {
        channels: request.body.channels.map((channel) => ({
          youtubeId: channel.youtubeId,
          title: channel.title,
        })),
      }),
  );
}
