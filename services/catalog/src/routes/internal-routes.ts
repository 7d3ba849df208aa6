import { ChannelVideosReply, VideoDescription } from "@tubedigest/contracts/catalog-videos";
import { ErrorReply, HttpError, type ServiceApp } from "@tubedigest/http";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { describeVideo } from "../domain/describe-video.ts";
import { messages } from "../domain/messages.ts";
import { videosSince } from "../domain/videos-since.ts";
import { ChannelVideosParams, ChannelVideosQuery, toChannelVideo, VideoParams } from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** What other services ask catalog from inside the network; the gateway routes none of it. */
export function registerInternalRoutes(app: ServiceApp, context: CatalogContext): void {
  app.get(
    "/internal/channels/:youtubeChannelId/videos",
    {
      schema: {
        params: ChannelVideosParams,
        querystring: ChannelVideosQuery,
        response: { 200: ChannelVideosReply, ...errors },
      },
    },
    async (request) => {
      // The format check admits a few instants Date cannot hold, such as a leap second.
      const since = new Date(request.query.since);
      if (Number.isNaN(since.getTime())) throw new HttpError(400, messages.sinceInvalid);
      const result = await videosSince(context, {
        youtubeChannelId: request.params.youtubeChannelId,
        since,
        correlationId: request.id,
      });
      return {
        youtubeChannelId: result.youtubeChannelId,
        title: result.title,
        upToDate: result.upToDate,
        checkedAt: result.checkedAt?.toISOString() ?? null,
        videos: result.videos.map(toChannelVideo),
      };
    },
  );

  // The summariser's single-video summaries: title, description and length of any public video.
  app.get(
    "/internal/videos/:youtubeVideoId",
    { schema: { params: VideoParams, response: { 200: VideoDescription, ...errors } } },
    async (request) => describeVideo(context, request.params.youtubeVideoId),
  );
}
