import { requireUserId, type ServiceApp } from "@tubedigest/http";
import { orderSingleVideo } from "../domain/order-single-video.ts";
import { summariseForTool } from "../domain/summarise-for-tool.ts";
import type { SummariserContext } from "../domain/summariser-context.ts";
import { errors, MessageReply, SingleVideoBody, ToolBody, ToolReply } from "./schemas.ts";

/** One video's summary: the hidden tool's (password) and a subscriber's purchase (à la carte). */
export function registerVideoRoutes(app: ServiceApp, context: SummariserContext): void {
  app.post(
    "/api/process-youtube-video",
    { schema: { body: ToolBody, response: { 200: ToolReply, ...errors } } },
    async (request) => summariseForTool(context, request.body),
  );

  app.post(
    "/api/process-individual-video",
    { schema: { body: SingleVideoBody, response: { 202: MessageReply, ...errors } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const answer = await orderSingleVideo(context, {
        userId,
        videoUrl: request.body.videoUrl,
        correlationId: request.id,
      });
      return reply.code(202).send(answer);
    },
  );
}
