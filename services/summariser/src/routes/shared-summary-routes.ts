import { SharedSummary, ShareReply } from "@tubedigest/contracts/archive";
import { HttpError, requireUserId, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import type { SummariserContext } from "../shared/summariser-context.ts";
import type { SharedSummaryRow } from "../store/shared-summary-repository.ts";
import { SharedSummaryRepository } from "../store/shared-summary-repository.ts";
import { shareMessages, shareSummary } from "../summaries/share-summary.ts";
import { errors } from "./schemas.ts";

export const SHARED_SUMMARIES_PATH = "/api/shared-summaries";

const ShareParams = Type.Object({
  id: Type.String({ pattern: "^[A-Za-z0-9_-]{22}$", errorMessage: shareMessages.notFound }),
});

const ShareBody = Type.Object(
  {
    newsletterId: Type.String({ format: "uuid", errorMessage: shareMessages.notReceived }),
    videoUrl: Type.String({
      minLength: 1,
      maxLength: 2_048,
      pattern: "^https?://\\S+$",
      errorMessage: shareMessages.notReceived,
    }),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { newsletterId: shareMessages.notReceived, videoUrl: shareMessages.notReceived },
    },
  },
);

const shareReply = (row: SharedSummaryRow): ShareReply => ({ id: row.id, path: `/s/${row.id}` });

/** Sharing one video's summary by link: made and stopped by its reader, read by anyone with the link. */
export function registerSharedSummaryRoutes(app: ServiceApp, context: SummariserContext): void {
  const shares = new SharedSummaryRepository(context.db);

  app.post(
    SHARED_SUMMARIES_PATH,
    { schema: { body: ShareBody, response: { 200: ShareReply, ...errors } } },
    async (request) =>
      shareReply(await shareSummary(context, { userId: requireUserId(request), ...request.body })),
  );

  app.get(
    `${SHARED_SUMMARIES_PATH}/:id`,
    { schema: { params: ShareParams, response: { 200: SharedSummary, ...errors } } },
    async (request, reply) => {
      // Anyone's to read, but only while it is shared: no cache may answer for it after "Stop Sharing".
      reply.header("cache-control", "private, no-store");
      const row = await shares.find(request.params.id);
      if (!row) throw new HttpError(404, shareMessages.notFound);
      return {
        id: row.id,
        title: row.title,
        url: row.video_url,
        channel: row.channel_title,
        publishedAt: row.published_at?.toISOString() ?? null,
        summaryMarkdown: row.summary_markdown,
      };
    },
  );

  app.delete(
    `${SHARED_SUMMARIES_PATH}/:id`,
    {
      schema: { params: ShareParams, response: { 200: Type.Object({ message: Type.String() }), ...errors } },
    },
    async (request) => {
      if (!(await shares.unshare(request.params.id, requireUserId(request)))) {
        throw new HttpError(404, shareMessages.notFound);
      }
      return { message: "The link no longer works." };
    },
  );
}
