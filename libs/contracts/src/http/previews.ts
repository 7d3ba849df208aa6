/**
 * Digests shown before anyone subscribes, as the summariser answers them (docs/product.md#data-shapes): a
 * visitor's preview (`POST /api/generate-newsletter-preview`) and the landing page's sample
 * (`GET /api/sample-newsletter`): the summariser's reply schemas and the web app's types, declared once.
 * Pure: TypeBox alone; the web app imports its types only.
 */
import Type, { type Static } from "typebox";

/** A preview of the chosen channels' digest. */
export const PreviewReply = Type.Object({
  /** The subject line a digest of these channels would carry. */
  subject: Type.String(),
  /** Markdown, as the newsletter's body would read. */
  content: Type.String(),
  channels: Type.Array(Type.Object({ title: Type.String(), videoCount: Type.Integer({ minimum: 0 }) })),
  /** Summaries still being written when the preview answered; the content says so too. */
  pending: Type.Integer({ minimum: 0 }),
});
export type PreviewReply = Static<typeof PreviewReply>;

/** A digest of the featured channels, as a reader gets it on Monday. */
export const SampleNewsletterReply = Type.Object({
  /** The subject a reader's digest of these channels has. */
  subject: Type.String(),
  /** Markdown, as a digest's body reads. */
  content: Type.String(),
  channels: Type.Array(Type.Object({ title: Type.String(), videoCount: Type.Integer({ minimum: 1 }) })),
});
export type SampleNewsletterReply = Static<typeof SampleNewsletterReply>;
