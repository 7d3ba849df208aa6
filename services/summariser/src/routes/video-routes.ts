import type { ServiceApp } from "@tubedigest/http";
import { summariseForTool } from "../preview/summarise-for-tool.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { errors, ToolBody, ToolReply } from "./schemas.ts";

/** The hidden tool's summary of any video, for whoever knows its shared password. */
export function registerVideoRoutes(app: ServiceApp, context: SummariserContext): void {
  app.post(
    "/api/process-youtube-video",
    { schema: { body: ToolBody, response: { 200: ToolReply, ...errors } } },
    async (request) => summariseForTool(context, request.body),
  );
}
