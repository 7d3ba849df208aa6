import Type from "typebox";

/** The most newsletters one page of the history holds. */
export const MAX_PAGE_SIZE = 50;

export const NewsletterHistoryQuery = Type.Object({
  page: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 1,
    errorMessage: "page must be a whole number from 1.",
  }),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: 20,
    errorMessage: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  }),
});

/** A newsletter history item (docs/product.md#data-shapes). */
export const NewsletterHistoryItem = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  content: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

export const NewsletterPageParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 100,
    errorMessage: "The newsletter's id is missing or too long.",
  }),
});

export const NewsletterPageQuery = Type.Object({
  /** The e-mail's "Read in your browser" link's token, for a reader not signed in on this device. */
  token: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, errorMessage: "The link's token is missing or too long." }),
  ),
});

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
  weekLabel: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  channels: Type.Array(Type.Object({ title: Type.String(), videos: Type.Array(StoredVideo) })),
  /** The week at a glance: each line and the addresses of the videos above it rests on. */
  glance: Type.Array(GlanceLine),
});

/** Nothing to say: the newsletter is the signed-in user's. An empty object, or no body at all. */
export const GenerateNewsletterBody = Type.Union([
  Type.Object({}, { additionalProperties: false }),
  Type.Null(),
]);

/** The newsletter made now, or nothing new to make one of: either way the request went well. */
export const GeneratedReply = Type.Union([
  Type.Object({ outcome: Type.Literal("generated"), message: Type.String(), newsletterId: Type.String() }),
  Type.Object({ outcome: Type.Literal("nothing-new"), message: Type.String() }),
]);

/** Still being made when the wait ended: the e-mail follows. */
export const OnItsWayReply = Type.Object({ outcome: Type.Literal("on-its-way"), message: Type.String() });

export const DeliverDigestReply = Type.Object({ queued: Type.Integer({ minimum: 0 }) });

const count = Type.Integer({ minimum: 0 });

export const DigestStatusReply = Type.Object({
  weeks: Type.Array(
    Type.Object({
      weekKey: Type.String(),
      users: count,
      queued: count,
      composing: count,
      composed: count,
      skipped: count,
      failed: count,
    }),
  ),
  jobs: Type.Object({ waiting: count, active: count, delayed: count, failed: count, completed: count }),
});
