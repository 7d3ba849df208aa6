import {
  ChannelsVideosReply,
  ChannelVideosReply,
  VideoDescription,
} from "@tubedigest/contracts/catalog-videos";
import { ErrorReply, HttpError, type ServiceApp } from "@tubedigest/http";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { describeVideo } from "../domain/describe-video.ts";
import { messages } from "../domain/messages.ts";
import { type ChannelVideos, videosSince, videosSinceOfChannels } from "../domain/videos-since.ts";
import {
  ChannelsVideosQuery,
  ChannelVideosParams,
  ChannelVideosQuery,
  toChannelVideo,
  VideoParams,
} from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

// The format check admits a few instants Date cannot hold, such as a leap second.
function sinceOf(text: string): Date {
  const since = new Date(text);
  if (Number.isNaN(since.getTime())) throw new HttpError(400, messages.sinceInvalid);
  return since;
}

const toChannelVideosReply = (result: ChannelVideos): ChannelVideosReply => ({
  youtubeChannelId: result.youtubeChannelId,
  title: result.title,
  upToDate: result.upToDate,
  checkedAt: result.checkedAt?.toISOString() ?? null,
  videos: result.videos.map(toChannelVideo),
});

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
    async (request) =>
      toChannelVideosReply(
        await videosSince(context, {
          youtubeChannelId: request.params.youtubeChannelId,
          since: sinceOf(request.query.since),
          correlationId: request.id,
        }),
      ),
  );

  // A digest's channels in one call rather than one call each.
  app.get(
    "/internal/channels/videos",
    {
      schema: { querystring: ChannelsVideosQuery, response: { 200: ChannelsVideosReply, ...errors } },
    },
    async (request) => {
      const result = await videosSinceOfChannels(context, {
        youtubeChannelIds: request.query.ids.split(","),
        since: sinceOf(request.query.since),
        correlationId: request.id,
      });
      return { channels: result.channels.map(toChannelVideosReply), unknown: result.unknown };
    },
  );

  // The summariser's hidden tool and single summaries: title, description and length of any public video.
  app.get(
    "/internal/videos/:youtubeVideoId",
    { schema: { params: VideoParams, response: { 200: VideoDescription, ...errors } } },
    async (request) => describeVideo(context, request.params.youtubeVideoId),
  );
}
