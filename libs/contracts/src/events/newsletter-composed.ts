import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { MAX_FOCUS_CHARS } from "../focus-rule.ts";

const DigestVideo = Type.Object({
  title: Type.String({ maxLength: 500 }),
  url: Type.String({ format: "uri" }),
  publishedAt: Type.String({ format: "date-time" }),
  /** The video's summary as the summariser wrote it (markdown). */
  summaryMarkdown: Type.String({ maxLength: 20_000 }),
});

export const NewsletterComposedData = Type.Object({
  newsletterId: Type.String({ format: "uuid" }),
  userId: Type.String({ format: "uuid" }),
  /** The week it covers, e.g. "Week of 23 November 2026"; or the day, "Sunday 6 December 2026". */
  weekLabel: Type.String({ maxLength: 100 }),
  /** Whether it is a weekly digest or a daily one; absent means weekly (added in version 1). */
  period: Type.Optional(Type.Union([Type.Literal("week"), Type.Literal("day")])),
  /** The subject the newsletter is stored and listed under; the e-mail uses it (added in version 1). */
  subject: Type.Optional(Type.String({ maxLength: 300 })),
  /**
   * The token of the e-mail's "Read in your browser" link to the newsletter's page, for a reader not signed
   * in there; made and checked by the summariser (added in version 1).
   */
  readToken: Type.Optional(Type.String({ pattern: "^v1\\.[A-Za-z0-9_-]{43}$" })),
  channels: Type.Array(
    Type.Object({ title: Type.String({ maxLength: 500 }), videos: Type.Array(DigestVideo) }),
  ),
  /**
   * The week at a glance the newsletter opens with: each line and the addresses of the videos above it
   * rests on (added in version 1; absent from newsletters made before it).
   */
  glance: Type.Optional(
    Type.Array(
      Type.Object({
        text: Type.String({ maxLength: 300 }),
        videoUrls: Type.Array(Type.String({ format: "uri" }), { minItems: 1, maxItems: 10 }),
      }),
      { maxItems: 5 },
    ),
  ),
  /**
   * What the reader cares about, in their words, which the channels and videos are ordered for: the e-mail
   * says "Ordered for: …" (added in version 1; absent when the reader has none).
   */
  focus: Type.Optional(Type.String({ maxLength: MAX_FOCUS_CHARS })),
});
export type NewsletterComposedData = Static<typeof NewsletterComposedData>;

/** Emitted when a user's weekly newsletter is composed and stored; mailer renders and sends it once. */
export const newsletterComposed = defineEvent({
  name: "newsletter.composed",
  version: 1,
  schema: NewsletterComposedData,
  example: {
    newsletterId: "5d0c2b8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
    userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    weekLabel: "Week of 23 November 2026",
    subject: "Your week of 23 November: Pocket Orbit",
    readToken: "v1.9dL0v3cQp2Yx1WmZ8sTgH4jKbN6aRfE7uIoP5yVc0Aw",
    focus: "engine design, not news",
    glance: [
      {
        text: "Pocket Orbit posted “Rocket engines: a beginner's guide”.",
        videoUrls: ["https://www.youtube.com/watch?v=UBZkHdEg7-z"],
      },
    ],
    channels: [
      {
        title: "Pocket Orbit",
        videos: [
          {
            title: "Rocket engines: a beginner's guide",
            url: "https://www.youtube.com/watch?v=UBZkHdEg7-z",
            publishedAt: "2026-11-22T18:00:00.000Z",
            summaryMarkdown:
              "- **A rocket carries its own oxidiser.** ([1:48](https://www.youtube.com/watch?v=UBZkHdEg7-z&t=108s))",
          },
        ],
      },
    ],
  },
});
