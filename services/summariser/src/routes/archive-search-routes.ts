import { ArchiveSearchReply } from "@tubedigest/contracts/archive";
import { requireUserId, type ServiceApp, singleLineText } from "@tubedigest/http";
import Type from "typebox";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { searchArchive } from "../summaries/search-archive.ts";
import { errors } from "./schemas.ts";

export const ARCHIVE_SEARCH_PATH = "/api/archive/search";

const SEARCH_HINT = "Please type at least 2 characters to search your newsletters.";

const ArchiveSearchQuery = Type.Object(
  {
    q: singleLineText("q", {
      minLength: 2,
      maxLength: 200,
      messages: { minLength: SEARCH_HINT, type: SEARCH_HINT },
    }),
  },
  { additionalProperties: false, errorMessage: { required: { q: SEARCH_HINT } } },
);

/** The dashboard's search over every summary the signed-in reader has received. */
export function registerArchiveSearchRoutes(app: ServiceApp, context: SummariserContext): void {
  app.get(
    ARCHIVE_SEARCH_PATH,
    { schema: { querystring: ArchiveSearchQuery, response: { 200: ArchiveSearchReply, ...errors } } },
    async (request) => {
      const matches = await searchArchive(context, requireUserId(request), request.query.q.trim());
      return {
        results: matches.map((match) => ({
          newsletterId: match.newsletterId,
          receivedAt: match.receivedAt.toISOString(),
          channel: match.channelTitle,
          video: {
            title: match.videoTitle,
            url: match.videoUrl,
            publishedAt: match.publishedAt?.toISOString() ?? null,
          },
          keyPoint: match.keyPoint,
          excerpt: match.excerpt,
        })),
      };
    },
  );
}
