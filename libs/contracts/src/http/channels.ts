/**
 * Channels as catalog answers the web app (docs/product.md#data-shapes): a search result
 * (`GET /api/youtube/search`) and a followed channel (`GET`/`POST /api/user/channels`,
 * `DELETE /api/user/channels/{id}`): catalog's reply schemas and the web app's types, declared once. Pure:
 * TypeBox alone; the web app imports its types only.
 */
import Type, { type Static } from "typebox";

/** A channel search result, in the shape of YouTube's own; statistics.subscriberCount is a number written as a string. */
export const ChannelSearchResult = Type.Object({
  id: Type.String(),
  snippet: Type.Object({
    title: Type.String(),
    description: Type.String(),
    thumbnails: Type.Object({ default: Type.Object({ url: Type.String() }) }),
  }),
  statistics: Type.Object({ subscriberCount: Type.String() }),
});
export type ChannelSearchResult = Static<typeof ChannelSearchResult>;

/** A followed channel on the dashboard: id (the YouTube channel id, also what DELETE takes), title, thumbnail, count. */
export const DashboardChannel = Type.Object({
  id: Type.String(),
  youtubeChannelId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  thumbnailUrl: Type.String(),
  subscriberCount: Type.Optional(Type.Integer()),
});
export type DashboardChannel = Static<typeof DashboardChannel>;
