/**
 * Channels as catalog answers the web app (docs/product.md#data-shapes): a search result
 * (`GET /api/youtube/search`) and a followed channel (`GET`/`POST /api/user/channels`,
 * `DELETE /api/user/channels/{id}`) and the subscriptions import's answers: catalog's reply schemas and the
 * web app's types, declared once. Pure:
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

/** A channel of an imported file that YouTube knows, with whether the reader follows it already. */
export const ImportChannel = Type.Object({
  youtubeChannelId: Type.String(),
  title: Type.String(),
  thumbnailUrl: Type.String(),
  subscriberCount: Type.Optional(Type.Integer()),
  following: Type.Boolean(),
});
export type ImportChannel = Static<typeof ImportChannel>;

/**
 * `POST /api/user/channels/import/preview`: what a subscriptions file holds. `channels` in the file's order;
 * `notFound` the ids YouTube does not know (deleted or never there), with the file's title for them;
 * `skippedRows` the rows without a channel id.
 */
export const ImportPreview = Type.Object({
  format: Type.Union([Type.Literal("takeout-csv"), Type.Literal("opml")]),
  channels: Type.Array(ImportChannel),
  notFound: Type.Array(
    Type.Object({ youtubeChannelId: Type.String(), title: Type.Union([Type.String(), Type.Null()]) }),
  ),
  skippedRows: Type.Integer({ minimum: 0 }),
});
export type ImportPreview = Static<typeof ImportPreview>;

/**
 * `POST /api/user/channels/import`: the chosen channels now followed (in the order asked, those followed
 * before included), the ids this request added, and the ids YouTube does not know (not followed).
 */
export const ImportResult = Type.Object({
  channels: Type.Array(DashboardChannel),
  added: Type.Array(Type.String()),
  notFound: Type.Array(Type.String()),
});
export type ImportResult = Static<typeof ImportResult>;
