/**
 * What a reader finds again in what they received, as the summariser answers it
 * (docs/product.md#data-shapes): the archive search (`GET /api/archive/search`) and a shared summary
 * (`POST /api/shared-summaries`, and its public page's `GET /api/shared-summaries/{id}`): the summariser's
 * reply schemas and the web app's types, declared once. Pure: TypeBox alone; the web app imports its types
 * only.
 */
import Type, { type Static } from "typebox";

const Moment = Type.Union([Type.Object({ label: Type.String(), url: Type.String() }), Type.Null()]);

/** One received summary that matched. */
export const ArchiveSearchResult = Type.Object({
  newsletterId: Type.String(),
  /** When the newsletter holding it was made for the reader. */
  receivedAt: Type.String({ format: "date-time" }),
  channel: Type.String(),
  video: Type.Object({
    title: Type.String(),
    url: Type.String(),
    publishedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  }),
  /** The key point that matched best, with the moment it is said; null when the match is elsewhere. */
  keyPoint: Type.Union([Type.Object({ text: Type.String(), moment: Moment }), Type.Null()]),
  /** Without a matching key point, a piece of the paragraph around the match. */
  excerpt: Type.Union([Type.String(), Type.Null()]),
});
export type ArchiveSearchResult = Static<typeof ArchiveSearchResult>;

export const ArchiveSearchReply = Type.Object({ results: Type.Array(ArchiveSearchResult) });
export type ArchiveSearchReply = Static<typeof ArchiveSearchReply>;

/** A summary shared: its id and its public page's path. */
export const ShareReply = Type.Object({
  id: Type.String(),
  /** The public page's path, `/s/{id}`. */
  path: Type.String(),
});
export type ShareReply = Static<typeof ShareReply>;

/** What the public page shows: the video and its summary, nothing about who shared it. */
export const SharedSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
  channel: Type.String(),
  publishedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  /** The summary as it was mailed (markdown; read with @tubedigest/contracts/digest). */
  summaryMarkdown: Type.String(),
});
export type SharedSummary = Static<typeof SharedSummary>;
