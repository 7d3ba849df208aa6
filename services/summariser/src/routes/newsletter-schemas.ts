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

/** Nothing to say: the newsletter is the signed-in user's. An empty object, or no body at all. */
export const GenerateNewsletterBody = Type.Union([
  Type.Object({}, { additionalProperties: false }),
  Type.Null(),
]);

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
