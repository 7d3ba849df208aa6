import { PreviewReply } from "@tubedigest/contracts/previews";
import { clientAddress, optionalClaimHolder, optionalUserId, type ServiceApp } from "@tubedigest/http";
import { admitPreview, PreviewLimitError } from "../preview/admit-preview.ts";
import { generatePreview } from "../preview/generate-preview.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { errors, PreviewBody } from "./schemas.ts";

/**
 * The landing page's newsletter preview (docs/product.md#preview), for anyone, within a daily cap of new
 * channels per client address. The visitor's own account (signed in, or the claim on the one their browser
 * made) is what a later abandonment e-mail may be about.
 */
export function registerPreviewRoutes(app: ServiceApp, context: SummariserContext): void {
  app.post(
    "/api/generate-newsletter-preview",
    { schema: { body: PreviewBody, response: { 200: PreviewReply, ...errors } } },
    async (request, reply) => {
      const channels = request.body.channels.map(({ youtubeId, title }) => ({ youtubeId, title }));
      try {
        await admitPreview(context, {
          clientAddress: clientAddress(request),
          youtubeChannelIds: channels.map((channel) => channel.youtubeId),
        });
      } catch (error) {
        if (error instanceof PreviewLimitError) reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      }
      return generatePreview(context, {
        channels,
        viewer: optionalUserId(request) ?? optionalClaimHolder(request),
        correlationId: request.id,
      });
    },
  );
}
