/**
 * A reader's newsletters as the summariser answers them (docs/product.md#data-shapes): the history
 * (`GET /api/newsletters`), one past newsletter's page (`GET /api/newsletters/{id}`) and a newsletter made
 * now (`POST /api/generate-newsletter`): the summariser's reply schemas and the web app's types, declared
 * once. Pure: TypeBox alone; the web app imports its types only.
 */
import Type, { type Static } from "typebox";

/** A newsletter history item. */
export const NewsletterHistoryItem = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  /** The whole newsletter as markdown (read with @tubedigest/contracts/digest). */
  content: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type NewsletterHistoryItem = Static<typeof NewsletterHistoryItem>;

const StoredVideo = Type.Object({
  title: Type.String(),
  url: Type.String(),
  publishedAt: Type.String(),
  /** The video's summary as the summariser wrote it (markdown; read with @tubedigest/contracts/digest). */
  summaryMarkdown: Type.String(),
});

const GlanceLine = Type.Object({ text: Type.String(), videoUrls: Type.Array(Type.String()) });

/** One past newsletter, as it was mailed. */
export const NewsletterPage = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  /** The week it covers ("Week of 23 November 2026"), or a daily digest's day ("Sunday 6 December 2026"). */
  weekLabel: Type.Union([Type.String(), Type.Null()]),
  /** A weekly digest or a daily one. */
  period: Type.Union([Type.Literal("week"), Type.Literal("day")]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** What was mailed: channels, their videos, each with its summary's markdown. */
  channels: Type.Array(Type.Object({ title: Type.String(), videos: Type.Array(StoredVideo) })),
  /** The week at a glance: each line and the addresses of the videos above it rests on (none before there was one). */
  glance: Type.Array(GlanceLine),
  /** What the reader cared about when it was made, which it is ordered for ("Ordered for: …"); null for none. */
  focus: Type.Union([Type.String(), Type.Null()]),
});
export type NewsletterPage = Static<typeof NewsletterPage>;

/** The newsletter made now, or nothing new to make one of: either way the request went well (200). */
export const GeneratedReply = Type.Union([
  Type.Object({ outcome: Type.Literal("generated"), message: Type.String(), newsletterId: Type.String() }),
  Type.Object({ outcome: Type.Literal("nothing-new"), message: Type.String() }),
]);
export type GeneratedReply = Static<typeof GeneratedReply>;

/** Still being made when the wait ended: the e-mail follows (202). */
export const OnItsWayReply = Type.Object({ outcome: Type.Literal("on-its-way"), message: Type.String() });
export type OnItsWayReply = Static<typeof OnItsWayReply>;
