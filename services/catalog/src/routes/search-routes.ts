import { ChannelSearchResult } from "@tubedigest/contracts/channels";
import { ErrorReply, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { searchChannels } from "../domain/search-channels.ts";
import { SearchQuery, toSearchResult } from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/**
 * Channel search (docs/product.md#api); open to visitors, since the landing page searches before anyone signs
 * up.
 */
export function registerSearchRoutes(app: ServiceApp, context: CatalogContext): void {
  app.get(
    "/api/youtube/search",
    { schema: { querystring: SearchQuery, response: { 200: Type.Array(ChannelSearchResult), ...errors } } },
    async (request) => (await searchChannels(context, request.query.query)).map(toSearchResult),
  );
}
